package io.streamrag.llm.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.modelfake.Pace;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A second llm-service instance joins while the first answers (a scale-out, or a restarted instance
 * coming back), on a broker of its own and a model streaming each answer for 40 s (a named fake;
 * longer than an instance takes to start here): the partitions that move finish their answers on
 * the first instance and are committed before the second reads them, so no answer is answered twice
 * and no client sees a restart.
 */
class AnswerHandOverTest {

  static final LlmInstances STAGE =
      new LlmInstances(
          "hand-over-test-farmer", new Pace(Duration.ofMillis(100), 10, Duration.ofSeconds(40)));
  static final int ANSWERS = 12;

  @AfterAll
  static void stop() {
    STAGE.close();
  }

  @Test
  void anInstanceJoiningMidAnswerTakesItsPartitionsWithoutAnsweringAnyRequestAgain()
      throws Exception {
    long from = System.currentTimeMillis();
    Map<String, List<AnswerEvent>> events = new ConcurrentHashMap<>();
    try (var first = STAGE.start("--llm.intake.hand-over=90s");
        var answers =
            new TopicProbe(STAGE.kafka.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name(), from)) {
      // Given answers under way on one instance, every partition of chat.requests its own
      Set<String> ids = ConcurrentHashMap.newKeySet();
      for (int i = 0; i < ANSWERS; i++) {
        ids.add(STAGE.ask().getRequestId());
      }
      answers.await(
          r -> {
            LlmInstances.collect(r.value(), events);
            return LlmInstances.underWay(ids, events);
          },
          Duration.ofSeconds(60));

      // When a second instance joins the group
      try (var second = STAGE.start()) {
        long joined = System.currentTimeMillis();
        // Then every answer ends with done, in the one generation it began with
        answers.await(
            r -> {
              LlmInstances.collect(r.value(), events);
              return ids.stream().allMatch(id -> LlmInstances.ended(events.get(id)));
            },
            Duration.ofSeconds(120));
        answers.drain(Duration.ofSeconds(3)).forEach(r -> LlmInstances.collect(r.value(), events));
        for (String id : ids) {
          var all = events.get(id);
          assertThat(all)
              .extracting(AnswerEvent::getGeneration)
              .as(id)
              .containsOnly(all.get(0).getGeneration());
          assertThat(all.stream().filter(e -> e.getType() == AnswerEventType.DONE)).hasSize(1);
        }
        // (answers were still running when the second instance joined: the test saw a hand-over)
        assertThat(ids)
            .anyMatch(
                id ->
                    events.get(id).get(events.get(id).size() - 1).getEmittedAt().toEpochMilli()
                        > joined);
        // And the model answered each question once
        assertThat(STAGE.model.stats().started()).isEqualTo(ANSWERS);
        // And the second instance took partitions: the hand-over happened
        try (var admin =
            Admin.create(
                Map.of(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, STAGE.kafka.bootstrapServers()))) {
          await()
              .atMost(Duration.ofSeconds(30))
              .until(
                  () ->
                      admin
                              .describeConsumerGroups(List.of("llm-answers"))
                              .all()
                              .get()
                              .get("llm-answers")
                              .members()
                              .stream()
                              .filter(m -> !m.assignment().topicPartitions().isEmpty())
                              .count()
                          == 2);
          // And every request is committed: none is left for anyone to answer again
          await()
              .atMost(Duration.ofSeconds(15))
              .untilAsserted(() -> assertThat(GroupOffsets.uncommitted(admin)).isZero());
        }
      }
    }
  }
}
