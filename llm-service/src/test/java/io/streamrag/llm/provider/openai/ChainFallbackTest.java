package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.model.ToolSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Fallback in order, only before the first token reaches the caller. */
class ChainFallbackTest extends ChainFixture {

  @Test
  void whenThePrimaryAnswersNobodyElseIsAsked() {
    var chain = chain(gapgpt, avalai);

    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("gapgpt");
    assertThat(reply.fallbacks()).isEmpty();
    assertThat(avalai.requests()).isZero();
  }

  @Test
  void whenThePrimaryAnswers500TheFallbackAnswersAndTheReasonIsKept() {
    gapgpt.then(Script.status(500, "internal error"));
    var chain = chain(gapgpt, avalai);

    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.model()).isEqualTo("model-of-avalai");
    assertThat(reply.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "failed", "HTTP 500: internal error"));
    assertThat(String.join("", tokens)).contains("12.5 %");
  }

  @Test
  void everyFailedCallIsCountedByProviderAndReason() {
    gapgpt.then(Script.status(500, "internal error"));
    avalai.then(Script.status(400, "context too long"));
    var chain = chain(gapgpt, avalai, local);

    ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(errors("gapgpt", "failed")).isEqualTo(1);
    assertThat(errors("avalai", "rejected")).isEqualTo(1);
    assertThat(meters.find(ProviderChain.ERRORS).tag("provider", "local").counter()).isNull();
  }

  private double errors(String provider, String reason) {
    return meters.counter(ProviderChain.ERRORS, "provider", provider, "reason", reason).count();
  }

  @Test
  void providersAreTriedInTheirOrderUntilOneAnswers() {
    gapgpt.then(Script.status(503, "overloaded"));
    avalai.then(Script.ok().role().raw("data: <html>"));
    var chain = chain(gapgpt, avalai, local);

    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("local");
    assertThat(reply.fallbacks())
        .extracting(ProviderFailure::provider)
        .containsExactly("gapgpt", "avalai");
    assertThat(reply.fallbacks().get(1).reason()).contains("malformed stream");
    assertThat(List.of(gapgpt.requests(), avalai.requests(), local.requests()))
        .containsExactly(1, 1, 1);
  }

  @Test
  void whenThePrimaryStallsBeforeTheFirstTokenTheFallbackAnswers() {
    gapgpt.then(Script.ok().role().pause(Duration.ofMillis(700)).content("late").done());
    var chain =
        chain(
            Endpoints.client("gapgpt", gapgpt, Endpoints.SHORT, Endpoints.PATIENT),
            Endpoints.client("avalai", avalai));

    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks().get(0).reason()).contains("first-token timeout");
    assertThat(String.join("", tokens)).doesNotContain("late").contains("12.5 %");
  }

  @Test
  void whenThePrimaryStallsMidStreamTheAnswerEndsThereWithTheTokensSentAndNoFallback() {
    gapgpt.then(
        Script.ok().role().content("Soil ", "moisture ").pause(Duration.ofMillis(700)).done());
    var chain =
        chain(
            Endpoints.client("gapgpt", gapgpt, Endpoints.PATIENT, Endpoints.SHORT),
            Endpoints.client("avalai", avalai));

    assertThatThrownBy(() -> ModelCalls.ask(chain, QUESTION, tokens::add))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.midStream()).isTrue();
              assertThat(e.getMessage())
                  .contains("gapgpt broke off mid-stream")
                  .contains("idle timeout");
            });
    assertThat(tokens).containsExactly("Soil ", "moisture ");
    assertThat(avalai.requests()).isZero();
  }

  @Test
  void aCompleteCallFallsBackEvenWhenTheFirstProviderBrokeOffAfterSomeText() {
    gapgpt.then(Script.ok().role().content("Soil ").raw("data: {broken"));
    var chain = chain(gapgpt, avalai);

    ModelReply reply = ModelCalls.complete(chain, QUESTION);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.text()).contains("12.5 %");
  }

  @Test
  void whenEveryProviderFailsNothingIsDeliveredAndEachReasonIsListed() {
    gapgpt.then(Script.status(500, "down"));
    avalai.then(Script.status(502, "bad gateway"));
    var chain = chain(gapgpt, avalai);

    assertThatThrownBy(() -> ModelCalls.ask(chain, QUESTION, tokens::add))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.midStream()).isFalse();
              assertThat(e.failures())
                  .containsExactly(
                      new ProviderFailure("gapgpt", "failed", "HTTP 500: down"),
                      new ProviderFailure("avalai", "failed", "HTTP 502: bad gateway"));
            });
    assertThat(tokens).isEmpty();
  }

  @Test
  void aCancelledAnswerEndsTheChainClosesTheConnectionAndDoesNotCountAgainstTheProvider() {
    // the fake notices a closed connection when it next writes: 2 s into its pause
    gapgpt.always(Script.ok().role().pause(Duration.ofSeconds(2)).content("late").done());
    var chain = chain(gapgpt, avalai);

    for (int i = 1; i <= 2; i++) {
      // given a call under way, the model still thinking
      var cancel = new Cancellation();
      var reply = chain.stream(QUESTION, tokens::add, cancel);
      int asked = i;
      await().atMost(Duration.ofSeconds(5)).until(() -> gapgpt.requests() == asked);
      // when its caller leaves
      cancel.cancel();
      // then the call ends as cancelled and its connection is closed
      assertThatThrownBy(reply::join).hasCauseInstanceOf(Cancellation.Cancelled.class);
      await().atMost(Duration.ofSeconds(10)).until(() -> gapgpt.hangUps() == asked);
    }

    // and no other provider was asked, and the provider is not blamed
    assertThat(avalai.requests()).isZero();
    assertThat(chain.status().get(0).breaker()).isEqualTo("CLOSED");
  }

  @Test
  void aRequestWithToolsSkipsProvidersThatCannotCallTools() {
    var chain =
        new ProviderChain(
            List.of(
                new OpenAiClient(
                    Endpoints.of("gapgpt", gapgpt.baseUrl(), false),
                    new JsonMapper(),
                    ModelCalls.THREADS),
                new OpenAiClient(
                    Endpoints.of("avalai", avalai.baseUrl(), true),
                    new JsonMapper(),
                    ModelCalls.THREADS)),
            BREAKER,
            Duration.ofSeconds(2),
            clock,
            d -> {
              waited.add(d);
              return java.util.concurrent.CompletableFuture.completedFuture(null);
            });
    var schema = new JsonMapper().readTree("{\"type\":\"object\"}");
    var withTools =
        new ModelRequest(
            List.of(ChatMessage.user("Last week?")),
            List.of(new ToolSpec("sensor_history", "Readings", schema)));

    ModelReply reply = ModelCalls.complete(chain, withTools);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks())
        .containsExactly(
            new ProviderFailure("gapgpt", "no_tools", "does not support tool calling"));
    assertThat(gapgpt.requests()).isZero();
  }
}
