package io.streamrag.llm.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.modelfake.Pace;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * An llm-service instance told to stop (what its SIGTERM hook does: the context closes) while it
 * answers, on a broker of its own and a model streaming each answer for 4 s (a named fake speaking
 * the OpenAI protocol): it fetches nothing more, every answer it runs ends with done (no error, no
 * cut), their offsets are committed and it leaves its consumer group; a request that arrives while
 * it drains is left, uncommitted, to the next instance.
 */
class AnswerDrainTest {

  static final LlmInstances STAGE =
      new LlmInstances(
          "drain-test-farmer", new Pace(Duration.ofMillis(100), 10, Duration.ofSeconds(4)));

  @AfterAll
  static void stop() {
    STAGE.close();
  }

  @Test
  void aStoppingInstanceFinishesItsAnswersCommitsThemLeavesItsGroupAndTakesNothingNew()
      throws Exception {
    var llm = STAGE.start();
    long from = System.currentTimeMillis();
    Map<String, List<AnswerEvent>> events = new ConcurrentHashMap<>();
    try (var answers =
        new TopicProbe(STAGE.kafka.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name(), from)) {
      // Given eight answers under way, each with its first tokens out
      var asked = new ArrayList<ChatRequested>();
      for (int i = 0; i < 8; i++) {
        asked.add(STAGE.ask());
      }
      Set<String> ids = ConcurrentHashMap.newKeySet();
      asked.forEach(r -> ids.add(r.getRequestId()));
      answers.await(
          r -> {
            LlmInstances.collect(r.value(), events);
            return LlmInstances.underWay(ids, events);
          },
          Duration.ofSeconds(60));

      // When the instance is told to stop, and a question arrives while it drains
      long closing = System.nanoTime();
      var closed = CompletableFuture.runAsync(llm::close);
      Thread.sleep(500);
      var late = STAGE.ask();
      closed.join();
      long tookMs = (System.nanoTime() - closing) / 1_000_000;

      // Then every answer it ran ended with done, one generation each, before it stopped
      answers.await(
          r -> {
            LlmInstances.collect(r.value(), events);
            return ids.stream().allMatch(id -> LlmInstances.ended(events.get(id)));
          },
          Duration.ofSeconds(10));
      for (String id : ids) {
        var all = events.get(id);
        assertThat(all.get(all.size() - 1).getType()).as(id).isEqualTo(AnswerEventType.DONE);
        assertThat(all)
            .extracting(AnswerEvent::getGeneration)
            .as(id)
            .containsOnly(all.get(0).getGeneration());
      }
      assertThat(tookMs).as("the drain waited for the answers").isGreaterThan(1_000);
      assertThat(STAGE.model.stats().closedEarly()).isZero();
      // And the late question was not answered here
      assertThat(events.getOrDefault(late.getRequestId(), List.of())).isEmpty();
    }

    // And its offsets: every answered request committed, the late one not (the next owner's)
    try (var admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, STAGE.kafka.bootstrapServers()))) {
      assertThat(GroupOffsets.uncommitted(admin)).isEqualTo(1);
      // And it left the group at once, not after a session timeout
      await()
          .atMost(Duration.ofSeconds(2))
          .untilAsserted(
              () ->
                  assertThat(
                          admin
                              .describeConsumerGroups(List.of("llm-answers"))
                              .all()
                              .get()
                              .get("llm-answers")
                              .members())
                      .isEmpty());
    }
  }
}
