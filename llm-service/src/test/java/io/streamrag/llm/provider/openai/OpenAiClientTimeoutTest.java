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
  final OpenAiClient client = Endpoints.client("gapgpt", server);
  final List<String> tokens = new ArrayList<>();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aStallBeforeTheFirstTokenIsCutAtTheFirstTokenTimeoutAndTheConnectionClosed() {
    server.then(Script.ok().role().pause(Duration.ofSeconds(1)).content("late").done());
    long start = System.nanoTime();

    assertThatThrownBy(() -> client.stream(QUESTION, tokens::add))
        .isInstanceOf(EndpointException.class)
        .hasMessageContaining("first-token timeout");

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(tokens).isEmpty();
    await().atMost(Duration.ofSeconds(5)).until(() -> server.hangUps() == 1);
    assertThat(Threads.insideTheClient()).isEmpty();
  }

  @Test
  void aStallMidStreamIsCutAtTheIdleTimeoutAfterTheTokensAlreadyGiven() {
    server.then(
        Script.ok().role().content("Soil ", "moisture ").pause(Duration.ofSeconds(1)).done());
    long start = System.nanoTime();

    assertThatThrownBy(() -> client.stream(QUESTION, tokens::add))
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

    assertThatThrownBy(() -> client.stream(QUESTION, tokens::add))
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

    assertThatThrownBy(() -> client.stream(QUESTION, tokens::add))
        .hasMessageContaining("idle timeout");
    assertThat(tokens).containsExactly("Soil ");
  }

  @Test
  void pausesShorterThanTheIdleTimeoutAreWaitedOut() {
    server.then(
        Script.ok()
            .role()
            .content("Soil ")
            .pause(Duration.ofMillis(100))
            .content("moisture ")
            .pause(Duration.ofMillis(100))
            .content("is 12.5 %.")
            .finish("stop")
            .done());

    ModelReply reply = client.stream(QUESTION, tokens::add);

    assertThat(reply.text()).isEqualTo("Soil moisture is 12.5 %.");
    assertThat(reply.usage()).isEqualTo(TokenUsage.NONE);
  }
}
