package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.model.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Fallback, breakers and Retry-After across providers, each a fake OpenAI endpoint. */
class ProviderChainTest {

  static final ModelRequest QUESTION = OpenAiClientTest.QUESTION;

  /** Opens after two calls that both failed; stays open 30 s; one trial call. */
  static final BreakerSettings BREAKER = new BreakerSettings(50, 2, 2, Duration.ofSeconds(30), 1);

  final FakeOpenAiServer gapgpt = new FakeOpenAiServer();
  final FakeOpenAiServer avalai = new FakeOpenAiServer();
  final FakeOpenAiServer local = new FakeOpenAiServer();
  final MutableClock clock = new MutableClock();
  final List<Duration> waited = new ArrayList<>();
  final List<String> tokens = new ArrayList<>();

  @AfterEach
  void stop() {
    Stream.of(gapgpt, avalai, local).forEach(FakeOpenAiServer::close);
  }

  @Test
  void whenThePrimaryAnswersNobodyElseIsAsked() {
    var chain = chain(gapgpt, avalai);

    ModelReply reply = chain.stream(QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("gapgpt");
    assertThat(reply.fallbacks()).isEmpty();
    assertThat(avalai.requests()).isZero();
  }

  @Test
  void whenThePrimaryAnswers500TheFallbackAnswersAndTheReasonIsKept() {
    gapgpt.then(Script.status(500, "internal error"));
    var chain = chain(gapgpt, avalai);

    ModelReply reply = chain.stream(QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.model()).isEqualTo("model-of-avalai");
    assertThat(reply.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "HTTP 500: internal error"));
    assertThat(String.join("", tokens)).contains("12.5 %");
  }

  @Test
  void providersAreTriedInTheirOrderUntilOneAnswers() {
    gapgpt.then(Script.status(503, "overloaded"));
    avalai.then(Script.ok().role().raw("data: <html>"));
    var chain = chain(gapgpt, avalai, local);

    ModelReply reply = chain.stream(QUESTION, tokens::add);

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
    gapgpt.then(Script.ok().role().pause(Duration.ofSeconds(1)).content("late").done());
    var chain = chain(gapgpt, avalai);

    ModelReply reply = chain.stream(QUESTION, tokens::add);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks().get(0).reason()).contains("first-token timeout");
    assertThat(String.join("", tokens)).doesNotContain("late").contains("12.5 %");
  }

  @Test
  void whenThePrimaryStallsMidStreamTheAnswerEndsThereWithTheTokensSentAndNoFallback() {
    gapgpt.then(
        Script.ok().role().content("Soil ", "moisture ").pause(Duration.ofSeconds(1)).done());
    var chain = chain(gapgpt, avalai);

    assertThatThrownBy(() -> chain.stream(QUESTION, tokens::add))
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

    ModelReply reply = chain.complete(QUESTION);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.text()).contains("12.5 %");
  }

  @Test
  void whenEveryProviderFailsNothingIsDeliveredAndEachReasonIsListed() {
    gapgpt.then(Script.status(500, "down"));
    avalai.then(Script.status(502, "bad gateway"));
    var chain = chain(gapgpt, avalai);

    assertThatThrownBy(() -> chain.stream(QUESTION, tokens::add))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.midStream()).isFalse();
              assertThat(e.failures())
                  .containsExactly(
                      new ProviderFailure("gapgpt", "HTTP 500: down"),
                      new ProviderFailure("avalai", "HTTP 502: bad gateway"));
            });
    assertThat(tokens).isEmpty();
  }

  @Test
  void aRateLimitedProviderIsSkippedUntilItsRetryAfterThenAnswersAgain() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "30"));
    var chain = chain(gapgpt, avalai);

    // given a 429 asking for 30 s
    assertThat(chain.stream(QUESTION, tokens::add).provider()).isEqualTo("avalai");
    // when asked again within those 30 s, it is skipped without a request
    clock.advance(Duration.ofSeconds(29));
    ModelReply during = chain.stream(QUESTION, tokens::add);
    // then after them, it answers again
    clock.advance(Duration.ofSeconds(2));
    ModelReply after = chain.stream(QUESTION, tokens::add);

    assertThat(during.provider()).isEqualTo("avalai");
    assertThat(during.fallbacks().get(0).reason()).startsWith("rate limited until");
    assertThat(after.provider()).isEqualTo("gapgpt");
    assertThat(gapgpt.requests()).isEqualTo(2);
    assertThat(waited).isEmpty();
  }

  @Test
  void aRetryAfterGivenAsAnHttpDateIsHonouredToo() {
    gapgpt.then(
        Script.status(429, "slow down").header("Retry-After", "Sun, 29 Nov 2026 10:01:00 GMT"));
    var chain = chain(gapgpt, avalai);
    chain.stream(QUESTION, tokens::add);

    clock.advance(Duration.ofSeconds(59));
    chain.stream(QUESTION, tokens::add);
    clock.advance(Duration.ofSeconds(1));
    chain.stream(QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(2);
  }

  @Test
  void whenNoOtherCanAnswerARateLimitedProviderIsWaitedForOnceIfSoonEnough() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "1"));
    avalai.then(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    ModelReply reply = chain.stream(QUESTION, tokens::add);

    assertThat(waited).containsExactly(Duration.ofSeconds(1));
    assertThat(reply.provider()).isEqualTo("gapgpt");
    assertThat(reply.fallbacks())
        .extracting(ProviderFailure::provider)
        .contains("gapgpt", "avalai");
    assertThat(gapgpt.requests()).isEqualTo(2);
  }

  @Test
  void aRateLimitLongerThanTheLongestRetryWaitIsNotWaitedFor() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "3"));
    avalai.then(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    assertThatThrownBy(() -> chain.stream(QUESTION, tokens::add))
        .isInstanceOf(ProviderException.class);
    assertThat(waited).isEmpty();
    assertThat(gapgpt.requests()).isEqualTo(1);
  }

  @Test
  void afterEnoughFailuresTheBreakerOpensAndTheProviderIsSkippedWithoutARequest() {
    gapgpt.always(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    // given two failures in a window of two
    chain.stream(QUESTION, tokens::add);
    chain.stream(QUESTION, tokens::add);
    // when asked again
    ModelReply reply = chain.stream(QUESTION, tokens::add);

    // then the primary is not even called
    assertThat(gapgpt.requests()).isEqualTo(2);
    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "circuit breaker open"));
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");
    assertThat(chain.expected()).map(Endpoint::name).contains("avalai");
  }

  @Test
  void afterItsWaitAnOpenBreakerLetsOneTrialCallThroughAndClosesWhenItSucceeds() {
    gapgpt.then(Script.status(500, "down"), Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);
    chain.stream(QUESTION, tokens::add);
    chain.stream(QUESTION, tokens::add);
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");

    clock.advance(Duration.ofSeconds(31));
    ModelReply trial = chain.stream(QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(trial.provider()).isEqualTo("gapgpt");
    assertThat(chain.status().get(0).breaker()).isEqualTo("CLOSED");
  }

  @Test
  void aFailedTrialCallOpensTheBreakerAgain() {
    gapgpt.always(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);
    chain.stream(QUESTION, tokens::add);
    chain.stream(QUESTION, tokens::add);

    clock.advance(Duration.ofSeconds(31));
    chain.stream(QUESTION, tokens::add);
    chain.stream(QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");
  }

  @Test
  void rateLimitsDoNotCountAgainstTheBreaker() {
    var chain = chain(gapgpt, avalai);
    for (int i = 0; i < 3; i++) {
      gapgpt.then(Script.status(429, "slow down"));
      chain.stream(QUESTION, tokens::add);
    }

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(chain.status().get(0).breaker()).isEqualTo("CLOSED");
  }

  @Test
  void aRequestWithToolsSkipsProvidersThatCannotCallTools() {
    var chain =
        new ProviderChain(
            List.of(
                new OpenAiClient(Endpoints.of("gapgpt", gapgpt.baseUrl(), false), new JsonMapper()),
                new OpenAiClient(Endpoints.of("avalai", avalai.baseUrl(), true), new JsonMapper())),
            BREAKER,
            Duration.ofSeconds(2),
            clock,
            waited::add);
    var schema = new JsonMapper().readTree("{\"type\":\"object\"}");
    var withTools =
        new ModelRequest(
            List.of(ChatMessage.user("Last week?")),
            List.of(new ToolSpec("sensor_history", "Readings", schema)));

    ModelReply reply = chain.complete(withTools);

    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "does not support tool calling"));
    assertThat(gapgpt.requests()).isZero();
  }

  @Test
  void theHealthOfEachProviderShowsItsBreakerAndRateLimit() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "30"));
    var chain = chain(gapgpt, avalai);
    chain.stream(QUESTION, tokens::add);

    List<ProviderStatus> status = chain.status();

    assertThat(status).extracting(ProviderStatus::name).containsExactly("gapgpt", "avalai");
    assertThat(status.get(0).available()).isFalse();
    assertThat(status.get(0).rateLimitedUntil()).isEqualTo(clock.instant().plusSeconds(30));
    assertThat(status.get(1).breaker()).isEqualTo("CLOSED");
    assertThat(status.get(1).available()).isTrue();
  }

  private ProviderChain chain(FakeOpenAiServer... servers) {
    String[] names = {"gapgpt", "avalai", "local"};
    var clients = new ArrayList<OpenAiClient>();
    for (int i = 0; i < servers.length; i++) {
      clients.add(Endpoints.client(names[i], servers[i]));
    }
    return new ProviderChain(
        clients,
        BREAKER,
        Duration.ofSeconds(2),
        clock,
        d -> {
          waited.add(d);
          clock.advance(d);
        });
  }
}
