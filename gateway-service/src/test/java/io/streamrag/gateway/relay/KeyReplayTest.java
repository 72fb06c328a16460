package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.KafkaClients;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.kafka.event.ConsumerStartedEvent;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * A request's events read from a time by the replica's shared reader ({@link AnswerReplays}), as a
 * stream on a replica that does not read the request's partition is (a replica just started, before
 * the group gave it any), on a real broker: the time is resolved to an offset when the read is
 * registered, and the record written as the reader starts is read.
 */
class KeyReplayTest {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @Test
  void aReaderFromATimeWithNothingWrittenSinceReadsTheEventWrittenAsItStarts() {
    // Given a request whose partition has nothing written since the time its reader starts from
    String requestId = UUID.randomUUID().toString();
    Instant opened = Instant.now();
    var from =
        new TopicPartitionOffset(
            ChatTopics.CHAT_ANSWERS.name(),
            RequestPartitions.of(requestId, ChatTopics.CHAT_ANSWERS.partitions()),
            opened.toEpochMilli(),
            TopicPartitionOffset.SeekPosition.TIMESTAMP);
    // and llm-service writing the answer's meta just as the reader starts: after the read's time
    // was
    // resolved, before the reader's first poll (the consumer's started event comes between the two)
    ApplicationEventPublisher llm =
        event -> {
          if (event instanceof ConsumerStartedEvent) {
            KAFKA.publish(ChatTopics.CHAT_ANSWERS.name(), requestId, meta(requestId));
          }
        };
    var readers = readers(llm);
    var replays = new AnswerReplays(readers);

    // When the replica's shared reader reads the request's events
    var first = replays.read(requestId, from).blockFirst(Duration.ofSeconds(20));

    // Then it has the meta: nothing written after the reader was asked for is skipped
    assertThat(first).isNotNull();
    assertThat(first.getType()).isEqualTo(AnswerEventType.META);
    assertThat(first.getRequestId()).isEqualTo(requestId);
    replays.close();
    readers.stop();
  }

  private static TopicReaders readers(ApplicationEventPublisher events) {
    var properties = new KafkaProperties();
    properties.setBootstrapServers(List.of(KAFKA.bootstrapServers()));
    return new TopicReaders(
        new KafkaClients(properties), events, Duration.ofSeconds(30), Clock.systemUTC());
  }

  private static AnswerEvent meta(String requestId) {
    return AnswerEvent.newBuilder()
        .setRequestId(requestId)
        .setSeq(0)
        .setEmittedAt(Instant.now())
        .setType(AnswerEventType.META)
        .setMeta(new AnswerMeta("irrigation", "primary", "fake-model", false, "given", 1, null))
        .build();
  }
}
