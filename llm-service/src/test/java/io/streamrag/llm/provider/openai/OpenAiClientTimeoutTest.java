package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.streamrag.llm.provider.Answer.TokenUsage;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Never block forever: the first-token and idle timeouts (300 ms here) cut a stalled stream, close
 * its connection, and leave no thread inside the client.
 */
class OpenAiClientTimeoutTest {

  static final ModelRequest QUESTION = OpenAiClientTest.QUESTION;

  final FakeOpenAiServer server = new FakeOpenAiServer();

  /** Waits 300 ms for a first token, then patiently. */
  final OpenAiClient firstTokenIn300Ms =
      Endpoints.client("gapgpt", server, Endpoints.SHORT, Endpoints.PATIENT);

  /** Waits patiently for a first token, then 300 ms between deltas. */
  final OpenAiClient idleFor300Ms =
      Endpoints.client("gapgpt", server, Endpoints.PATIENT, Endpoints.SHORT);

  final List<String> tokens = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aStallBeforeTheFirstTokenIsCutAtTheFirstTokenTimeoutAndTheConnectionClosed() {
    server.then(Script.ok().role().pause(Duration.ofMillis(700)).content("late").done());
    long start = System.nanoTime();

    assertThatThrownBy(() -> ModelCalls.ask(firstTokenIn300Ms, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("first-token timeout");

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(tokens).isEmpty();
    await().atMost(Duration.ofSeconds(5)).until(() -> server.hangUps() == 1);
    assertThat(Threads.insideTheClient()).isEmpty();
  }

  @Test
  void aServerThatNeverSendsItsHeadersIsCutAtTheFirstTokenTimeoutAndTheConnectionClosed() {
    server.then(Script.answer("late").headersAfter(Duration.ofMillis(700)));
    long start = System.nanoTime();

    assertThatThrownBy(() -> ModelCalls.ask(firstTokenIn300Ms, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("first-token timeout");

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    await().atMost(Duration.ofSeconds(5)).until(() -> server.hangUps() == 1);
    assertThat(Threads.insideTheClient()).isEmpty();
  }

  @Test
  void aStallMidStreamIsCutAtTheIdleTimeoutAfterTheTokensAlreadyGiven() {
    server.then(
        Script.ok().role().content("Soil ", "moisture ").pause(Duration.ofMillis(700)).done());
    long start = System.nanoTime();

    assertThatThrownBy(() -> ModelCalls.ask(idleFor300Ms, QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("idle timeout");

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(tokens).containsExactly("Soil ", "moisture ");
    await().atMost(Duration.ofSeconds(5)).until(() -> server.hangUps() == 1);
    assertThat(Threads.insideTheClient()).isEmpty();
  }

  @Test
  void keepAliveCommentsDoNotCountAsTheFirstToken() {
    server.then(
        Script.ok()
            .role()
            .raw(": keep-alive")
            .pause(Duration.ofMillis(150))
            .pause(Duration.ofMillis(150))
            .pause(Duration.ofMillis(150))
            .content("late")
            .done());

    assertThatThrownBy(() -> ModelCalls.ask(firstTokenIn300Ms, QUESTION, tokens::add))
        .hasMessageContaining("first-token timeout");
  }

  @Test
  void keepAliveCommentsMidStreamDoNotHoldOffTheIdleTimeout() {
    server.then(
        Script.ok()
            .role()
            .content("Soil ")
            .pause(Duration.ofMillis(150))
            .pause(Duration.ofMillis(150))
            .pause(Duration.ofMillis(150))
            .content("moisture")
            .done());

    assertThatThrownBy(() -> ModelCalls.ask(idleFor300Ms, QUESTION, tokens::add))
        .hasMessageContaining("idle timeout");
    assertThat(tokens).containsExactly("Soil ");
  }

  @Test
  void pausesShorterThanTheIdleTimeoutAreWaitedOut() {
    server.then(
        Script.ok()
            .role()
            .content("Soil ")
            .pause(Duration.ofMillis(200))
            .content("moisture ")
            .pause(Duration.ofMillis(200))
            .content("is ")
            .pause(Duration.ofMillis(200))
            .content("12.5 %.")
            .finish("stop")
            .done());

    var idleFor600Ms =
        Endpoints.client("gapgpt", server, Endpoints.PATIENT, Duration.ofMillis(600));

    ModelReply reply = ModelCalls.ask(idleFor600Ms, QUESTION, tokens::add);

    assertThat(reply.text()).isEqualTo("Soil moisture is 12.5 %.");
    assertThat(reply.usage()).isEqualTo(TokenUsage.NONE);
  }
}
