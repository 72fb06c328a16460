package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Conversation memory (S0.7), with every service, the real broker and a real PostgreSQL: a Persian
 * conversation continues across an llm-service restart, belongs to its key and sensor only, and can
 * be read and erased by its owner.
 */
class ConversationMemoryTest {

  // The farmer's own field carries the demo's profile, forecast and weather station
  // (WeatherStationTest), so its extractive answers quote ~1,400 tokens of snapshot and the
  // 1,500-token memory window holds one turn of them: this conversation is the other farmer's.
  static final String OWNER = "dev-other-key";
  static final String SENSOR = WholeFlowTest.OTHER_SENSOR;
  static final String STRANGER = "dev-farmer-key";
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void aThreeTurnPersianConversationSurvivesAnLlmServiceRestartAndStaysItsOwners() {
    // Given a first question: the answer starts a conversation and says so in meta
    var first =
        WholeFlowTest.askUntil(
            () -> Http.chat(system.gatewayUrl(), OWNER, SENSOR, "رطوبت خاک من چقدر است؟"),
            "رطوبت",
            Duration.ofSeconds(60));
    String conversation = first.first("meta").get("conversation_id").asString();
    assertThat(first.first("meta").get("memory").asString()).isEqualTo("new");

    // When the farmer follows up in the same conversation
    var second = Http.chatIn(system.gatewayUrl(), OWNER, SENSOR, "و هفته بعد؟", conversation);

    // Then the follow-up is searched as a standalone question and answered with the first turn
    var meta = second.first("meta");
    assertThat(meta.get("memory").asString()).isEqualTo("on");
    assertThat(meta.get("history_turns").asInt()).isEqualTo(1);
    assertThat(meta.get("query").asString()).startsWith("و هفته بعد؟").contains("رطوبت");
    assertThat(second.count("done")).isEqualTo(1);

    // And after llm-service restarts, the third answer still carries both earlier turns
    system.restartLlm();
    var third = Http.chatIn(system.gatewayUrl(), OWNER, SENSOR, "و فردا؟", conversation);
    assertThat(third.first("meta").get("history_turns").asInt()).isEqualTo(2);

    // And another key can neither continue nor read nor erase it
    assertThat(
            Http.chatIn(
                    system.gatewayUrl(),
                    STRANGER,
                    WholeFlowTest.FARMER_SENSOR,
                    "و فردا؟",
                    conversation)
                .status())
        .isEqualTo(404);
    var foreign = conversationCall("GET", conversation, STRANGER);
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.body().toString()).doesNotContain("رطوبت");
    assertThat(conversationCall("DELETE", conversation, STRANGER).status()).isEqualTo(404);

    // And the owner reads the three turns, in order, with their rewritten queries
    var turns = awaitTurns(conversation, 3);
    assertThat(turns.body().get("turns").get(0).get("question").asString())
        .isEqualTo("رطوبت خاک من چقدر است؟");
    assertThat(turns.body().get("turns").get(1).get("query").asString()).contains("رطوبت");
    assertThat(turns.body().get("turns").get(2).get("answer").asString()).isNotBlank();

    // And erasing them leaves a conversation that remembers nothing
    var erased = conversationCall("DELETE", conversation, OWNER);
    assertThat(erased.status()).isEqualTo(200);
    assertThat(erased.body().get("erased").asInt()).isEqualTo(3);
    var after = Http.chatIn(system.gatewayUrl(), OWNER, SENSOR, "و فردا؟", conversation);
    assertThat(after.first("meta").get("history_turns").asInt()).isZero();
  }

  static Http.Json conversationCall(String method, String conversation, String key) {
    return Http.call(method, system.gatewayUrl() + "/api/conversations/" + conversation, key);
  }

  /** Turns are written after done, off the answering thread: wait until they are all there. */
  static Http.Json awaitTurns(String conversation, int n) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    Http.Json last;
    do {
      last = conversationCall("GET", conversation, OWNER);
      if (last.status() == 200 && last.body().get("turns").size() == n) {
        return last;
      }
    } while (System.nanoTime() < deadline);
    throw new AssertionError("expected " + n + " turns; last: " + last.body());
  }
}
