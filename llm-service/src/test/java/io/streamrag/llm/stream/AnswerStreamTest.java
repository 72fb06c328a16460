package io.streamrag.llm.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.provider.openai.MutableClock;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerEvents;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * An answer's tokens grouped into records on a real broker, as the gateway reads them: a burst goes
 * as a few records with the text intact and in order, tokens that come slower than the linger go
 * one by one, and a group no later event sends is sent by the scheduler. Trace steps that come
 * together go as one record, every step in order.
 */
class AnswerStreamTest {

  static final Duration LINGER = Duration.ofMillis(15);
  static TopicWriter writer;
  static ThreadPoolTaskScheduler scheduler;
  static String bootstrap;

  @BeforeAll
  static void start() {
    bootstrap = LocalKafka.shared().bootstrapServers();
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    writer = new TopicWriter(new KafkaTemplate<>(producers));
    scheduler = new ThreadPoolTaskScheduler();
    scheduler.initialize();
  }

  @AfterAll
  static void stop() {
    writer.close();
    scheduler.shutdown();
  }

  @Test
  void aBurstOf150TokensGoesAsAFewRecordsWithTheTextWholeAndInOrder() {
    var clock = aheadOfTheScheduler();
    String id = UUID.randomUUID().toString();
    var stream = streams(clock).open(id, AnswerScope.none());
    var sent = new StringBuilder();
    for (int i = 0; i < 150; i++) {
      String token = "w" + i + " ";
      sent.append(token);
      stream.token(token);
      clock.advance(Duration.ofNanos(50_000)); // the extractive provider: all at once
    }
    stream.error("end", "end of the test answer").join();

    var events = events(id);
    var tokens = events.stream().filter(e -> e.getType() == AnswerEventType.TOKEN).toList();
    assertThat(tokens).hasSizeBetween(2, 3);
    assertThat(tokens.get(0).getText()).isEqualTo("w0 ");
    assertThat(tokens.stream().map(AnswerEvent::getText).reduce("", String::concat))
        .isEqualTo(sent.toString());
    assertThat(events.stream().map(AnswerEvent::getSeq).toList())
        .isSorted()
        .doesNotHaveDuplicates();
    assertThat(events.get(events.size() - 1).getType()).isEqualTo(AnswerEventType.ERROR);
  }

  @Test
  void tokensSlowerThanTheLingerGoOneByOneAtOnce() {
    var clock = MutableClock.now();
    String id = UUID.randomUUID().toString();
    var stream = streams(clock).open(id, AnswerScope.none());
    for (int i = 0; i < 10; i++) {
      stream.token("t" + i);
      clock.advance(Duration.ofMillis(33)); // a model at 30 tokens a second
    }
    stream.error("end", "end of the test answer").join();

    var tokens =
        events(id).stream()
            .filter(e -> e.getType() == AnswerEventType.TOKEN)
            .map(AnswerEvent::getText)
            .toList();
    assertThat(tokens).containsExactly("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9");
  }

  @Test
  void aHeldGroupIsSentByTheSchedulerWhenNoOtherEventComes() {
    var clock = MutableClock.now();
    String id = UUID.randomUUID().toString();
    var stream = streams(clock).open(id, AnswerScope.none());
    stream.token("first ");
    stream.token("held "); // within the linger: held
    stream.token("too");

    // no further event: the scheduler sends the group at the linger's end
    try (var answers = new TopicProbe(bootstrap, ChatTopics.CHAT_ANSWERS.name())) {
      answers.await(
          r ->
              r.value() instanceof AnswerEvent e
                  && id.equals(e.getRequestId())
                  && "held too".equals(e.getText()),
          Duration.ofSeconds(10));
    }
  }

  @Test
  void withoutBatchingEveryTokenIsItsOwnRecord() {
    String id = UUID.randomUUID().toString();
    var stream =
        new AnswerStreams(
                writer, TokenBatching.NONE, scheduler, MutableClock.now(), "test-instance")
            .open(id, AnswerScope.none());
    for (int i = 0; i < 5; i++) {
      stream.token("t" + i);
    }
    stream.error("end", "end of the test answer").join();

    assertThat(events(id).stream().filter(e -> e.getType() == AnswerEventType.TOKEN)).hasSize(5);
  }

  @Test
  void theRetrievalPathHandedOnAtOnceIsOneRecordWithEveryStepInOrderBeforeTheFirstToken() {
    var clock = aheadOfTheScheduler();
    String id = UUID.randomUUID().toString();
    var stream = streams(clock).open(id, AnswerScope.none());
    for (int i = 1; i <= 16; i++) {
      stream.trace(step(i));
    }
    stream.token("answer");
    stream.error("end", "end of the test answer").join();

    var events = events(id);
    assertThat(events)
        .extracting(AnswerEvent::getType)
        .containsExactly(AnswerEventType.TRACE, AnswerEventType.TOKEN, AnswerEventType.ERROR);
    assertThat(TraceSteps.of(events.get(0)))
        .extracting(TraceStep::getStep)
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
    // And each step keeps an event number of its own on the client's stream: the token is the 17th
    assertThat(events).extracting(AnswerEvent::getSeq).containsExactly(0, 16, 17);
  }

  @Test
  void theCitationsAndWhatIsMissingTravelWithTheDoneEachNumberedAsItsOwnEvent() {
    var clock = aheadOfTheScheduler();
    String id = UUID.randomUUID().toString();
    var stream = streams(clock).open(id, AnswerScope.none());
    stream.token("answer");
    stream.citation(new Citation(1, "kb/a.md", "kb", 0.8));
    stream.citation(new Citation(2, "kb/b.md", "kb", 0.4));
    stream.needsHuman(new NeedsHuman(List.of("the price"), List.of(), 1));
    stream.done(AnswerDone.newBuilder().setProvider("p").setModel("m").build()).join();

    var records = events(id);
    assertThat(records)
        .extracting(AnswerEvent::getType)
        .containsExactly(AnswerEventType.TOKEN, AnswerEventType.DONE);
    var events = records.stream().flatMap(e -> AnswerEvents.of(e).stream()).toList();
    assertThat(events)
        .extracting(AnswerEvent::getType)
        .containsExactly(
            AnswerEventType.TOKEN,
            AnswerEventType.CITATION,
            AnswerEventType.CITATION,
            AnswerEventType.NEEDS_HUMAN,
            AnswerEventType.DONE);
    assertThat(events).extracting(AnswerEvent::getSeq).containsExactly(0, 1, 2, 3, 4);
    assertThat(events.get(2).getCitation().getSource()).isEqualTo("kb/b.md");
  }

  @Test
  void everyEventOfAnAttemptCarriesItsGenerationAndASecondAttemptHasAnotherFromSeqZero() {
    var clock = aheadOfTheScheduler();
    var streams = streams(clock);
    String id = UUID.randomUUID().toString();
    // Given a first attempt that streamed a token, then a second attempt at the same request (its
    // instance died: another answers it again), started in the same millisecond
    var first = streams.open(id, AnswerScope.none());
    first.token("first ");
    var second = streams.open(id, AnswerScope.none());
    second.token("second");
    second.citation(new Citation(1, "kb/a.md", "kb", 0.8));
    second.done(AnswerDone.newBuilder().setProvider("p").setModel("m").build()).join();

    // Then each attempt's events name their own generation, and the second counts from 0 again
    var records = events(id);
    var events = records.stream().flatMap(e -> AnswerEvents.of(e).stream()).toList();
    assertThat(events)
        .extracting(AnswerEvent::getSeq, AnswerEvent::getText)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, "first "),
            org.assertj.core.groups.Tuple.tuple(0, "second"),
            org.assertj.core.groups.Tuple.tuple(1, null),
            org.assertj.core.groups.Tuple.tuple(2, null));
    String firstGeneration = events.get(0).getGeneration();
    assertThat(firstGeneration).startsWith("test-instance@");
    assertThat(events.subList(1, 4))
        .extracting(AnswerEvent::getGeneration)
        .containsOnly(events.get(1).getGeneration())
        .doesNotContain(firstGeneration);
  }

  @Test
  void aStepNoOtherEventFollowsIsSentByTheScheduler() {
    String id = UUID.randomUUID().toString();
    var stream = streams(MutableClock.now()).open(id, AnswerScope.none());
    stream.trace(step(1));

    try (var answers = new TopicProbe(bootstrap, ChatTopics.CHAT_ANSWERS.name())) {
      answers.await(
          r ->
              r.value() instanceof AnswerEvent e
                  && id.equals(e.getRequestId())
                  && TraceSteps.of(e).size() == 1,
          Duration.ofSeconds(10));
    }
  }

  /**
   * A clock the test moves by hand, so that which token comes "after the linger" is exact, an hour
   * ahead of the real-time scheduler: it cannot send a held group however slowly the test runs (a
   * loaded CI machine once took longer than the linger).
   */
  private static MutableClock aheadOfTheScheduler() {
    return new MutableClock(Instant.now().plus(Duration.ofHours(1)));
  }

  private static TraceStep step(int n) {
    return TraceStep.newBuilder().setStep(n).setKind("search").setDetail(n + " results").build();
  }

  private static AnswerStreams streams(Clock clock) {
    return new AnswerStreams(
        writer, new TokenBatching(LINGER, 2048), scheduler, clock, "test-instance");
  }

  private static List<AnswerEvent> events(String id) {
    var events = new ArrayList<AnswerEvent>();
    try (var answers = new TopicProbe(bootstrap, ChatTopics.CHAT_ANSWERS.name())) {
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e && id.equals(e.getRequestId())) {
              events.add(e);
              return e.getType() == AnswerEventType.ERROR || e.getType() == AnswerEventType.DONE;
            }
            return false;
          },
          Duration.ofSeconds(10));
    }
    return events;
  }
}
