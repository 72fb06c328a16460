package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.StreamChange;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Two gateway replicas' ledgers on a real broker, replica A's clock two seconds ahead of B's: A
 * sees its client's connection close only after the client has resumed on B (a slow close, or B's
 * {@code RESUMED} read late). That resume must still stop A's pending cancel; a connection opened
 * after the resume that leaves is still cancelled.
 */
class StreamLedgerTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final Duration GRACE = Duration.ofSeconds(3);
  static final String USER = "farmer";
  static final int ANSWER_PARTITION = 4;
  static TopicReaders readers;
  static DefaultKafkaProducerFactory<String, Object> producers;
  static StreamLedger replicaA;
  static StreamLedger replicaB;

  @BeforeAll
  static void start() {
    readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5));
    producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()),
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    var writer = new TopicWriter(new KafkaTemplate<>(producers));
    var settings = new StreamProperties(Duration.ofMinutes(5), GRACE, 8);
    replicaA =
        new StreamLedger(
            readers, writer, settings, Clock.offset(Clock.systemUTC(), Duration.ofSeconds(2)));
    replicaB = new StreamLedger(readers, writer, settings, Clock.systemUTC());
  }

  @AfterAll
  static void stop() {
    replicaA.close();
    replicaB.close();
    producers.destroy();
  }

  @Test
  void aResumeOnAnotherReplicaStopsTheCancelOfAConnectionSeenClosingAfterIt() {
    // Given a stream both replicas know, asked on A a second ago
    var open = openedOnBoth();
    Instant connectedAt = Instant.now().minusSeconds(1);

    // When A sees the first connection close (by its clock, after the resume below) and the
    // client resumes on B
    replicaA.left(open.requestId(), USER, connectedAt);
    replicaB.resumed(open).join();

    // Then no replica cancels the answer, well past the grace
    assertThat(StreamChanges.of(KAFKA.bootstrapServers(), open.requestId(), GRACE.plusSeconds(2)))
        .containsExactly(StreamChange.OPENED, StreamChange.RESUMED);
  }

  @Test
  void aReplicaThatNeverHeldTheStreamKnowsWhichPartitionItsAnswerGoesTo() {
    var open = openedOnBoth();

    // B resumes it by reading where A's request named, not where its id hashes
    assertThat(open.answerPartition()).isEqualTo(ANSWER_PARTITION);
  }

  @Test
  void aConnectionOpenedAfterTheResumeThatLeavesIsStillCancelled() {
    // Given a stream resumed on B
    var open = openedOnBoth();
    replicaB.resumed(open).join();

    // When the resumed connection, opened after the resume, leaves on A
    replicaA.left(open.requestId(), USER, Instant.now().plusSeconds(1));

    // Then after the grace its answer is cancelled
    assertThat(StreamChanges.of(KAFKA.bootstrapServers(), open.requestId(), GRACE.plusSeconds(5)))
        .containsExactly(StreamChange.OPENED, StreamChange.RESUMED, StreamChange.CANCELLED);
  }

  /**
   * A new stream announced on chat.streams, once both replicas have read it (their readers live).
   */
  private static StreamLedger.Open openedOnBoth() {
    var request =
        ChatRequested.newBuilder()
            .setRequestId(UUID.randomUUID().toString())
            .setConversationId(UUID.randomUUID().toString())
            .setUserId(USER)
            .setSensorUuid("550e8400-e29b-41d4-a716-446655440000")
            .setPipeline("agri")
            .setMessage("What is ET0?")
            .setLanguage("en")
            .setRequestedAt(Instant.now().minusSeconds(1))
            .build();
    replicaA.announce(request, ANSWER_PARTITION).join();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                replicaA.find(request.getRequestId()).isPresent()
                    && replicaB.find(request.getRequestId()).isPresent());
    return replicaB.find(request.getRequestId()).orElseThrow();
  }
}
