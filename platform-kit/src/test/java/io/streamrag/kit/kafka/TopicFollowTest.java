package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;
import io.streamrag.schemas.serde.AvroSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.util.backoff.FixedBackOff;

/**
 * The follow API's contract on a real broker: each position reads what it says, a bounded read
 * stops at the end, a view skips what it cannot read, and a follow with dead letters files what can
 * never be applied and retries the rest. Each test writes keys of its own, and reads only those.
 */
class TopicFollowTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final String TOPIC = ChatTopics.CHAT_STREAMS.name();
  static final TopicReaders READERS =
      TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1));
  static final KafkaProducer<String, byte[]> PRODUCER =
      new KafkaProducer<>(
          Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
          new StringSerializer(),
          new ByteArraySerializer());

  final String run = UUID.randomUUID().toString();
  final List<String> seen = new CopyOnWriteArrayList<>();

  @AfterAll
  static void stop() {
    PRODUCER.close();
    READERS.stop();
    KAFKA.close();
  }

  @Test
  void fromTheBeginningReadsWhatWasWrittenBeforeAndAfterTheStart() throws Exception {
    write("before", null);

    try (var follow = follow(FollowFrom.beginning())) {
      follow.caughtUpWithin(Duration.ofSeconds(20));
      assertThat(seen).containsExactly("before");
      write("after", null);

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("after"));
    }
  }

  @Test
  void fromTheEndReadsOnlyWhatIsWrittenAfterTheStart() throws Exception {
    write("before", null);

    try (var follow = follow(FollowFrom.end())) {
      follow.caughtUpWithin(Duration.ofSeconds(20));
      write("after", null);

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("after"));
      assertThat(seen).containsExactly("after");
    }
  }

  @Test
  void fromATimeBackReadsWhatWasWrittenSinceThen() throws Exception {
    // a topic no other test writes: a record written now by another test would come first
    String topic = ChatTopics.CHAT_ANSWERS.name();
    Instant now = Instant.now();
    write(topic, "an-hour-ago", now.minus(Duration.ofHours(1)));
    write(topic, "a-minute-ago", now.minus(Duration.ofMinutes(1)));

    try (var follow = follow(topic, FollowFrom.since(now.minus(Duration.ofMinutes(30))))) {
      follow.caughtUpWithin(Duration.ofSeconds(20));
      write(topic, "after", null);

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("after"));
      assertThat(seen).containsExactly("a-minute-ago", "after");
    }
  }

  @Test
  void fromTheOwnersOffsetsReadsFromThereOn() throws Exception {
    // all on one partition: one key
    write("first", null);
    var second = write("second", null);
    write("third", null);

    var from = FollowFrom.offsets(Map.of(second.partition(), second.offset()));
    try (var follow = follow(from)) {
      follow.caughtUpWithin(Duration.ofSeconds(20));

      assertThat(seen).containsExactly("second", "third");
    }
  }

  @Test
  void aBoundedReadStopsAtTheEndAsOfItsStart() throws Exception {
    write("one", null);
    write("two", null);

    TopicFollow.of(READERS, TOPIC, ChatStreamChanged.class)
        .named("bounded-" + run)
        .from(FollowFrom.beginning())
        .readToEnd(Duration.ofSeconds(20), this::keep);

    assertThat(seen).containsExactly("one", "two");
    assertThat(READERS.containers()).noneMatch(c -> ("bounded-" + run).equals(c.getListenerId()));
  }

  @Test
  void aViewSkipsARecordItCannotReadAndGoesOn() throws Exception {
    try (var follow = follow(FollowFrom.end())) {
      follow.caughtUpWithin(Duration.ofSeconds(20));
      PRODUCER.send(new ProducerRecord<>(TOPIC, run, "not avro".getBytes(StandardCharsets.UTF_8)));
      write("readable", null);

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("readable"));
      assertThat(seen).containsExactly("readable");
    }
  }

  @Test
  void withDeadLettersWhatCanNeverBeAppliedIsFiledAndAFailureIsRetried() throws Exception {
    String topic = KnowledgeTopics.INDEX_CHANGES.name();
    var attempts = new AtomicInteger();
    try (var follow =
        TopicFollow.of(READERS, topic, ChatStreamChanged.class)
            .named("dead-letters-" + run)
            .from(FollowFrom.end())
            .failures(
                FollowFailures.retryThenDeadLetter(
                    new FixedBackOff(10, FixedBackOff.UNLIMITED_ATTEMPTS),
                    IllegalArgumentException.class))
            .start(
                record -> {
                  if (!run.equals(record.key())) {
                    return;
                  }
                  if ("refused".equals(text(record))) {
                    throw new IllegalArgumentException("never applicable");
                  }
                  if (attempts.incrementAndGet() == 1) {
                    throw new IllegalStateException("the store is down, once");
                  }
                  seen.add(text(record));
                })) {
      follow.caughtUpWithin(Duration.ofSeconds(20));

      PRODUCER.send(new ProducerRecord<>(topic, run, bytes("refused")));
      PRODUCER.send(new ProducerRecord<>(topic, run, bytes("applied")));

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("applied"));
      assertThat(seen).containsExactly("applied");
      try (var deadLetters = new TopicProbe(KAFKA.bootstrapServers(), "dlq.retrieval.index")) {
        deadLetters.await(
            r -> "refused".equals(new String(r.raw(), StandardCharsets.UTF_8)),
            Duration.ofSeconds(10));
      }
    }
  }

  private TopicFollow<ChatStreamChanged> follow(FollowFrom from) {
    return follow(TOPIC, from);
  }

  private TopicFollow<ChatStreamChanged> follow(String topic, FollowFrom from) {
    return TopicFollow.of(READERS, topic, ChatStreamChanged.class)
        .named("follow-" + run + "-" + from)
        .from(from)
        .start(this::keep);
  }

  private void keep(Followed<ChatStreamChanged> record) {
    if (run.equals(record.key())) {
      seen.add(record.value().getUserId());
    }
  }

  private RecordMetadata write(String name, Instant at) throws Exception {
    return write(TOPIC, name, at);
  }

  private RecordMetadata write(String topic, String name, Instant at) throws Exception {
    var change =
        ChatStreamChanged.newBuilder()
            .setRequestId(run)
            .setChange(StreamChange.OPENED)
            .setUserId(name)
            .setAt(Instant.EPOCH)
            .build();
    byte[] value = new AvroSerializer().serialize(topic, change);
    Long timestamp = at == null ? null : at.toEpochMilli();
    return PRODUCER.send(new ProducerRecord<>(topic, null, timestamp, run, value)).get();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(Followed<?> record) {
    return new String(record.source().value(), StandardCharsets.UTF_8);
  }
}
