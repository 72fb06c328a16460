package io.streamrag.llm.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.ModelAnswers;
import io.streamrag.llm.ModelOnBroker;
import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerLoadReported;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * One llm-service instance, a real broker and a model that streams each answer for seconds (a named
 * fake speaking the OpenAI protocol): 300 answers run at once on its budget of 300, and 100 more
 * wait, fetching paused, until answers end; every one is answered and every offset committed.
 */
@ModelAnswers
@TestPropertySource(
    properties = {
      "llm.max-concurrent-answers=300",
      // the last 100 wait for the first answers to end: not too old to answer
      "LLM_MAX_REQUEST_AGE=5m",
      // the model answers none until 300 are open: the first waits that long for its first token
      "LLM_FIRST_TOKEN_TIMEOUT=2m"
    })
class ConcurrentAnswersTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "concurrent-answers-farmer";
  static final int BUDGET = 300;
  static final int REQUESTS = 400;

  /**
   * 10 tokens over 3 s, once all 300 are open: the model answers none until then ({@link
   * StreamingModel#holdUntilOpen}), however fast this machine starts them (about 15 a second here).
   * With 30 s answers and no hold, the test waited 30 s more and hoped the last started in time.
   */
  static final StreamingModel MODEL =
      StreamingModel.start(0, new Pace(Duration.ofMillis(100), 10, Duration.ofSeconds(3)));

  @RegisterExtension
  static final Extension RETRIEVAL = ModelOnBroker.moistureFor(KAFKA, USER, MODEL);

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    ModelOnBroker.register(registry, KAFKA, MODEL::baseUrl, "fake-streaming");
  }

  @Test
  void threeHundredAnswersRunAtOnceTheRestWaitFetchingPausedAndEveryOneIsAnsweredAndCommitted()
      throws Exception {
    MODEL.holdUntilOpen(BUDGET, Duration.ofSeconds(90));
    long from = System.currentTimeMillis();
    Set<String> asked = new HashSet<>();
    Map<String, AnswerEventType> ends = new ConcurrentHashMap<>();
    try (var answers =
            new TopicProbe(KAFKA.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name(), from);
        var load = new TopicProbe(KAFKA.bootstrapServers(), ChatTopics.LLM_LOAD.name(), from)) {
      // Given 400 questions, each in its own conversation (spread over the partitions)
      for (int i = 0; i < REQUESTS; i++) {
        var request =
            ChatRequested.newBuilder(
                    Contexts.request(UUID.randomUUID().toString(), "رطوبت خاک من چقدر است؟", "fa"))
                .setConversationId(UUID.randomUUID().toString())
                .setUserId(USER)
                .setRequestedAt(Instant.now())
                .build();
        asked.add(request.getRequestId());
        KAFKA.publish(ChatTopics.CHAT_REQUESTS.name(), request.getConversationId(), request);
      }

      // Then every one ends with its answer
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e
                && asked.contains(e.getRequestId())
                && (e.getType() == AnswerEventType.DONE || e.getType() == AnswerEventType.ERROR)) {
              ends.put(e.getRequestId(), e.getType());
            }
            return ends.size() == REQUESTS;
          },
          Duration.ofSeconds(180));
      assertThat(ends.values()).containsOnly(AnswerEventType.DONE);

      // And 300 model calls were open at once, never more
      assertThat(MODEL.stats().maxOpen()).isEqualTo(BUDGET);
      assertThat(MODEL.stats().completed()).isEqualTo(REQUESTS);

      // And the instance reported its budget full, with requests waiting, then free again
      var reports =
          load.drain(Duration.ofSeconds(3)).stream()
              .filter(r -> r.value() instanceof AnswerLoadReported)
              .map(r -> (AnswerLoadReported) r.value())
              .toList();
      assertThat(reports)
          .anySatisfy(
              r -> {
                assertThat(r.getFull()).isTrue();
                assertThat(r.getBudget()).isEqualTo(BUDGET);
              });
      assertThat(reports.get(reports.size() - 1).getFull()).isFalse();
    }

    // And every request's offset is committed: a restart would answer none of them again
    try (var admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      await()
          .atMost(Duration.ofSeconds(15))
          .untilAsserted(
              () -> assertThat(GroupOffsets.committed(admin)).isEqualTo(GroupOffsets.ends(admin)));
    }
  }
}
