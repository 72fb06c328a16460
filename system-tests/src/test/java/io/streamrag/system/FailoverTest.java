package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.testing.RawSse;
import io.streamrag.modelfake.FakeText;
import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two llm-service instances, one of them a JVM of its own ({@link LlmProcess}), answering chats
 * with a model whose text differs on every call (a named fake: each token names its call), under
 * the whole system on the real broker: the one instance is killed with SIGKILL mid-answer, or
 * stopped with SIGTERM. A client reads every chat as the web page does (a {@code reset} clears what
 * it showed) and must end with exactly one generation's text, whole, each token once.
 */
class FailoverTest {

  static final String SENSOR = WholeFlowTest.FARMER_SENSOR;
  static final int TOKENS = 30;
  static final int CHATS = 12;
  static final JsonMapper JSON = new JsonMapper();
  static RunningSystem system;
  static StreamingModel model;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
    model =
        StreamingModel.start(0, new Pace(Duration.ofMillis(100), TOKENS, Duration.ofSeconds(8)));
    system.restartLlm(
        "--LLM_BASE_URL=" + model.baseUrl(),
        "--LLM_MODEL=fake-streaming",
        "--LLM_PLANNER=deterministic");
  }

  @AfterAll
  static void stop() {
    system.restartLlm();
    model.close();
  }

  @Test
  void anInstanceKilledMidAnswerLeavesEachClientWithExactlyOneGenerationsText() throws Exception {
    try (var victim = LlmProcess.start(system, model);
        var answers =
            new TopicProbe(system.kafka.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name())) {
      // Given chats streaming on both instances
      var chats = ask();
      var onVictim = streamingOn(victim, answers, chats);

      // When the one instance is killed with SIGKILL mid-answer
      victim.kill();

      // Then every chat is answered, and the client shows one generation's text, whole
      for (var chat : chats) {
        var events = chat.events().get(90, TimeUnit.SECONDS);
        var shown = Shown.of(events);
        assertThat(shown.ended()).as(chat.id()).isEqualTo("done");
        var reading = FakeText.read(shown.text(), TOKENS);
        assertThat(reading.whole()).as(chat.id() + ": " + shown.text()).isTrue();
        // the victim's chats restarted on the other instance: each told its client once
        assertThat(shown.resets()).as(chat.id()).isEqualTo(onVictim.contains(chat.id()) ? 1 : 0);
      }
    }
  }

  @Test
  void anInstanceStoppedWithSigtermFinishesItsAnswersAndNoneRestarts() throws Exception {
    try (var victim = LlmProcess.start(system, model);
        var answers =
            new TopicProbe(system.kafka.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name())) {
      var chats = ask();
      var onVictim = streamingOn(victim, answers, chats);

      // When the one instance gets SIGTERM mid-answer (a rolling update)
      long stopping = System.nanoTime();
      int exit = victim.stop();
      long stoppedMs = (System.nanoTime() - stopping) / 1_000_000;

      // Then it finished its answers before it exited, and no client saw a restart
      for (var chat : chats) {
        var shown = Shown.of(chat.events().get(90, TimeUnit.SECONDS));
        assertThat(shown.ended()).as(chat.id()).isEqualTo("done");
        assertThat(shown.resets()).as(chat.id()).isZero();
        assertThat(FakeText.read(shown.text(), TOKENS).whole()).as(shown.text()).isTrue();
      }
      assertThat(stoppedMs).as("it waited for its answers").isGreaterThan(1_000);
      assertThat(exit).isIn(0, 143);
      // And the other instance, which took its partitions, answered none of its requests again
      var generations = new ConcurrentHashMap<String, Set<String>>();
      answers
          .drain(Duration.ofSeconds(10))
          .forEach(
              r -> {
                if (r.value() instanceof AnswerEvent e && onVictim.contains(e.getRequestId())) {
                  generations
                      .computeIfAbsent(e.getRequestId(), k -> ConcurrentHashMap.newKeySet())
                      .add(e.getGeneration());
                }
              });
      generations.values().forEach(g -> assertThat(g).hasSize(1));
    }
  }

  /** One chat: its request id and its events until the end of its stream. */
  record Chat(String id, CompletableFuture<List<RawSse.Event>> events) {}

  /** {@link #CHATS} chats at once, each in a conversation of its own. */
  private static List<Chat> ask() {
    var chats = new ArrayList<Chat>();
    for (int i = 0; i < CHATS; i++) {
      var connection =
          RawSse.post(
              system.gatewayUrl() + "/api/rag/chat",
              "{\"message\":\"What is ET0? (" + i + ")\",\"sensor_uuid\":\"" + SENSOR + "\"}",
              RawSse.bearer("dev-farmer-key", Map.of()));
      assertThat(connection.status()).isEqualTo(200);
      chats.add(
          new Chat(
              connection.header("X-Request-Id"),
              CompletableFuture.supplyAsync(
                  () -> {
                    try (connection) {
                      return connection.rest();
                    }
                  })));
    }
    return chats;
  }

  /**
   * Waits until every chat's model call streams and some tokens are out, and returns the chats the
   * victim answers (their generation names it); there must be some, or the test proves nothing.
   */
  private static Set<String> streamingOn(LlmProcess victim, TopicProbe answers, List<Chat> chats) {
    await().atMost(Duration.ofSeconds(60)).until(() -> model.stats().open() >= CHATS);
    Set<String> ids = ConcurrentHashMap.newKeySet();
    chats.forEach(c -> ids.add(c.id()));
    Set<String> onVictim = ConcurrentHashMap.newKeySet();
    answers.drain(Duration.ofSeconds(2)).stream()
        .filter(r -> r.value() instanceof AnswerEvent e && ids.contains(e.getRequestId()))
        .map(r -> (AnswerEvent) r.value())
        .filter(e -> e.getGeneration() != null && e.getGeneration().startsWith(victim.instance()))
        .forEach(e -> onVictim.add(e.getRequestId()));
    assertThat(onVictim).as("chats the victim answers").isNotEmpty();
    assertThat(onVictim.size()).as("chats the other instance answers").isLessThan(CHATS);
    return onVictim;
  }

  /** What a client shows of a chat, as the web page does: a reset clears the text. */
  record Shown(String text, int resets, String ended) {
    static Shown of(List<RawSse.Event> events) {
      var text = new StringBuilder();
      int resets = 0;
      String ended = "nothing";
      for (var e : events) {
        switch (String.valueOf(e.name())) {
          case "reset" -> {
            text.setLength(0);
            resets++;
          }
          case "token" -> text.append(JSON.readTree(e.data()).get("text").asString());
          case "done" -> ended = "done";
          case "error" -> ended = "error " + e.data();
          default -> {}
        }
      }
      return new Shown(text.toString(), resets, ended);
    }
  }
}
