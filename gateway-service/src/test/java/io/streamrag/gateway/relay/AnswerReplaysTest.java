package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.ConsumerHealth;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.serde.AvroSerializer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;
import javax.management.ObjectName;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.health.contributor.Status;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;
import reactor.core.Disposable;

/**
 * Resumed and handed-over streams read by the replica's one shared reader, on a real broker: one
 * consumer however many read, each read gets its request's events from its own start once and in
 * order (the reader moved back for an earlier one), and a cancelled read gets nothing more.
 */
class AnswerReplaysTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String TOPIC = ChatTopics.CHAT_ANSWERS.name();
  static final int PARTITIONS = ChatTopics.CHAT_ANSWERS.partitions();

  final TopicReaders readers =
      TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(30));
  final AnswerReplays replays = new AnswerReplays(readers);
  final KafkaProducer<String, byte[]> producer =
      new KafkaProducer<>(
          Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
          new StringSerializer(),
          new ByteArraySerializer());
  final List<Disposable> reads = new ArrayList<>();

  @AfterEach
  void close() {
    reads.forEach(Disposable::dispose);
    replays.close();
    readers.stop();
    producer.close();
  }

  @Test
  void fiftyResumesAtOnceAreReadByOneConsumer() throws Exception {
    // Given 50 answers of three tokens each, over every partition, asked a moment ago
    Instant asked = Instant.now();
    var ids = IntStream.range(0, 50).mapToObj(i -> UUID.randomUUID().toString()).toList();
    for (String id : ids) {
      write(id, 0, 1, 2);
    }
    int consumersBefore = kafkaConsumers();

    // When all 50 are resumed at once
    var got = new ArrayList<List<Integer>>();
    for (String id : ids) {
      got.add(read(id, byTime(id, asked)));
    }

    // Then each gets its whole answer
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(got).allSatisfy(s -> assertThat(s).hasSize(3)));
    assertThat(got).allSatisfy(s -> assertThat(s).containsExactly(0, 1, 2));
    // And the gateway holds one Kafka consumer for them, not 50: counted by the clients' own
    // metrics in this JVM, and by the reader
    assertThat(kafkaConsumers() - consumersBefore).isEqualTo(1);
    assertThat(replays.consumers()).isEqualTo(1);
    assertThat(readers.containers()).hasSize(1);
    assertThat(replays.registrations()).isEqualTo(50);
  }

  @Test
  void aResumeFromEarlierThanALiveOneGetsEveryEventOnceInOrderAndTheLiveOneNothingTwice()
      throws Exception {
    // Given an answer's first three tokens, another answer's records between them on its partition
    String id = UUID.randomUUID().toString();
    String neighbour = samePartition(id);
    // (created at explicit times, a second apart, so that "from a time" names a known record)
    Instant start = Instant.now();
    Instant later = start.plusSeconds(1);
    writeAt(start, id, 0, 1, 2);
    writeAt(start, neighbour, 0, 1);
    writeAt(later, id, 3, 4);
    writeAt(later, neighbour, 2);

    // And a live read of it from its fourth token, which has it
    var live = read(id, byTime(id, later));
    await().atMost(Duration.ofSeconds(20)).until(() -> live.size() == 2);

    // When a resume of it from its start comes: earlier than where the reader is
    var resumed = read(id, byTime(id, start));
    await().atMost(Duration.ofSeconds(20)).until(() -> resumed.size() == 5);
    // and the answer goes on
    writeAt(later.plusSeconds(1), id, 5, 6);

    // Then the resume gets every token once, in order, and the live read nothing twice
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(resumed).containsExactly(0, 1, 2, 3, 4, 5, 6));
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(live).containsExactly(3, 4, 5, 6));
    // and nothing more comes late
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(5))
        .until(() -> resumed.size() == 7 && live.size() == 4);
    assertThat(replays.consumers()).isEqualTo(1);
  }

  @Test
  void aCancelledResumeStopsReceivingAndTheReaderGoesOnForTheOthers() throws Exception {
    // Given two reads of answers on one partition, each with its first token
    String gone = UUID.randomUUID().toString();
    String stays = samePartition(gone);
    Instant asked = Instant.now();
    write(gone, 0);
    write(stays, 0);
    var goneGot = read(gone, byTime(gone, asked));
    Disposable goneRead = reads.get(0);
    var staysGot = read(stays, byTime(stays, asked));
    await().atMost(Duration.ofSeconds(20)).until(() -> goneGot.size() == 1 && staysGot.size() == 1);

    // When the first client leaves, and both answers go on
    goneRead.dispose();
    write(gone, 1, 2);
    write(stays, 1, 2);

    // Then the one that stayed gets the rest, the one that left nothing more
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(staysGot).containsExactly(0, 1, 2));
    assertThat(goneGot).containsExactly(0);
    assertThat(replays.registrations()).isEqualTo(1);

    // And once nobody reads, a read that comes later still gets its answer from where it asks
    reads.get(1).dispose();
    assertThat(replays.registrations()).isZero();
    var again = read(gone, byTime(gone, asked));
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(again).containsExactly(0, 1, 2));
  }

  @Test
  void theSharedReaderIsWatchedByTheConsumersHealth() {
    // Given the shared reader, started by a read
    String id = UUID.randomUUID().toString();
    Instant asked = Instant.now();
    write(id, 0);
    var got = read(id, byTime(id, asked));
    await().atMost(Duration.ofSeconds(20)).until(() -> got.size() == 1);
    var beans = new StaticListableBeanFactory();
    var health =
        new ConsumerHealth(
            readers,
            beans.getBeanProvider(KafkaListenerEndpointRegistry.class),
            beans.getBeanProvider(MessageListenerContainer.class));
    assertThat(health.readiness().health().getStatus()).isEqualTo(Status.UP);
    assertThat(health.readiness().health().getDetails())
        .containsEntry(AnswerReplays.NAME, "polling");

    // When its consumer stops
    readers.containers().get(0).stop();

    // Then the gateway is not ready, naming it
    assertThat(health.readiness().health().getStatus()).isEqualTo(Status.DOWN);
    assertThat(health.readiness().health().getDetails())
        .containsEntry(AnswerReplays.NAME, "stopped");
  }

  /** Subscribes a read; what it gets, as token seqs. */
  private List<Integer> read(String requestId, TopicPartitionOffset from) {
    var got = new CopyOnWriteArrayList<Integer>();
    reads.add(replays.read(requestId, from).subscribe(e -> got.add(e.getSeq())));
    return got;
  }

  private void write(String requestId, int... seqs) {
    writeAt(Instant.now(), requestId, seqs);
  }

  /** Records created at {@code at} (their Kafka timestamp), as a producer then would. */
  private void writeAt(Instant at, String requestId, int... seqs) {
    for (int seq : seqs) {
      var event =
          AnswerEvent.newBuilder()
              .setRequestId(requestId)
              .setSeq(seq)
              .setEmittedAt(at)
              .setType(AnswerEventType.TOKEN)
              .setText("t" + seq)
              .build();
      try {
        producer
            .send(
                new ProducerRecord<>(
                    TOPIC,
                    null,
                    at.toEpochMilli(),
                    requestId,
                    new AvroSerializer().serialize(TOPIC, event)))
            .get();
      } catch (InterruptedException | ExecutionException e) {
        throw new IllegalStateException("cannot write an answer event", e);
      }
    }
  }

  private static TopicPartitionOffset byTime(String requestId, Instant at) {
    return new TopicPartitionOffset(
        TOPIC,
        RequestPartitions.of(requestId, PARTITIONS),
        at.toEpochMilli(),
        TopicPartitionOffset.SeekPosition.TIMESTAMP);
  }

  private static String samePartition(String requestId) {
    int partition = RequestPartitions.of(requestId, PARTITIONS);
    String other = UUID.randomUUID().toString();
    while (RequestPartitions.of(other, PARTITIONS) != partition) {
      other = UUID.randomUUID().toString();
    }
    return other;
  }

  /** Kafka consumers alive in this JVM, as their own metrics register them. */
  private static int kafkaConsumers() throws Exception {
    return ManagementFactory.getPlatformMBeanServer()
        .queryNames(new ObjectName("kafka.consumer:type=consumer-metrics,client-id=*"), null)
        .size();
  }
}
