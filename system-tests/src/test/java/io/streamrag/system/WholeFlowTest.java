package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The chat flow (S1.7): a reading over HTTP, then questions over SSE, with every service and the
 * real broker running. Timings are printed, never asserted.
 */
class WholeFlowTest {

  static final String FARMER_SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final String OTHER_SENSOR = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  static final String QUESTION = "رطوبت خاک من چقدر است؟";
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void aFreshReadingReachesItsOwnersAnswerAndNoOneElses() {
    // Given a reading with soil moisture 12.5 from the farmer's sensor
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    String reading =
        "{\"ts\":\""
            + ts
            + "\",\"soil_moisture\":12.5,\"temperature\":21.5,\"ph\":6.8,\"ec\":1.2,\"nitrogen\":18,\"phosphorus\":12,\"potassium\":160}";
    long sent = System.nanoTime();
    assertThat(Http.postReading(system.bridgeUrl(), FARMER_SENSOR, "dev-device-token", reading))
        .isEqualTo(202);

    // When the farmer asks in Persian, until the answer shows the reading
    Http.Chat answer =
        askUntil(
            () -> Http.chat(system.gatewayUrl(), "dev-farmer-key", FARMER_SENSOR, QUESTION),
            "12.5",
            Duration.ofSeconds(30));
    System.out.printf(
        "reading visible in an answer after %d ms%n", (System.nanoTime() - sent) / 1_000_000);

    // Then the streamed tokens carry 12.5, with at least one citation, and the stream ends cleanly
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.tokens()).contains("12.5").contains("رطوبت خاک");
    assertThat(answer.count("meta")).isEqualTo(1);
    assertThat(answer.count("citation")).isPositive();
    assertThat(answer.events().get(answer.events().size() - 1).name()).isEqualTo("done");

    // And the other farmer, asking about their own sensor, never sees it
    Http.Chat other = Http.otherFarmer(system.gatewayUrl(), QUESTION);
    assertThat(other.status()).isEqualTo(200);
    assertThat(other.count("done")).isEqualTo(1);
    assertThat(other.body()).doesNotContain("12.5");

    // And the farmer naming the other's sensor is refused
    assertThat(Http.chat(system.gatewayUrl(), "dev-farmer-key", OTHER_SENSOR, QUESTION).status())
        .isEqualTo(403);
  }

  @Test
  void anEnglishQuestionIsAnsweredFromTheKnowledgeBaseWithCitations() {
    Http.Chat answer =
        askUntil(
            () ->
                Http.otherFarmer(
                    system.gatewayUrl(), "What is ET0 and how is crop water use calculated?"),
            "[",
            Duration.ofSeconds(60));

    assertThat(answer.tokens()).startsWith("Extractive answer").containsIgnoringCase("ET0");
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("citation"))
        .anySatisfy(e -> assertThat(e.data()).contains("irrigation/"));
  }

  /** Asks again (a new request each time) until the streamed tokens contain the text. */
  static Http.Chat askUntil(
      java.util.function.Supplier<Http.Chat> ask, String text, Duration within) {
    var last = new java.util.concurrent.atomic.AtomicReference<Http.Chat>();
    try {
      return org.awaitility.Awaitility.await()
          .atMost(within)
          .pollInterval(Duration.ofMillis(200))
          // a call that timed out is "not yet" too, and says so: once (2026-12-07) the first chat
          // after llm-service's restart by the class before took over the 40 s of one call
          .ignoreExceptionsMatching(
              e -> {
                boolean timedOut = e.getCause() instanceof java.net.http.HttpTimeoutException;
                if (timedOut) {
                  System.out.println("askUntil: a call timed out; asking again: " + e);
                }
                return timedOut;
              })
          .until(
              () -> {
                last.set(ask.get());
                return last.get();
              },
              chat -> chat.tokens().contains(text));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(
          "no answer contained '"
              + text
              + "' within "
              + within
              + "; last: "
              + (last.get() == null ? "none" : last.get().body()));
    }
  }
}
