package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.Contexts;
import io.streamrag.llm.prompt.Prompt;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.openai.BreakerSettings;
import io.streamrag.llm.provider.openai.Endpoints;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.ModelCalls;
import io.streamrag.llm.provider.openai.ProviderChain;
import io.streamrag.llm.provider.openai.Script;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ModelAnswerProviderTest extends AnswerProviderContract {

  static final BreakerSettings BREAKER = new BreakerSettings(50, 5, 10, Duration.ofSeconds(30), 1);

  final FakeOpenAiServer gapgpt = new FakeOpenAiServer();
  final FakeOpenAiServer avalai = new FakeOpenAiServer();
  final ModelAnswerProvider provider = provider(true);
  final List<String> tokens = new ArrayList<>();

  @AfterEach
  void stop() {
    gapgpt.close();
    avalai.close();
  }

  @Override
  protected AnswerProvider provider() {
    return provider;
  }

  @Test
  void theMessagesAreTheSystemPromptThenEarlierTurnsThenTheQuestion() {
    var context = Contexts.persianMoisture("r");
    var prompt =
        new Prompt(
            "system text",
            List.of(new Prompt.Turn("Is it dry?", "Yes [1].")),
            "رطوبت خاک من چقدر است؟",
            "fa");

    Futures.await(provider.answer(prompt, context, tokens::add, Cancellation.none()));

    JsonNode messages = gapgpt.last().body().get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(0).get("role").asString()).isEqualTo("system");
    assertThat(messages.get(1).get("role").asString()).isEqualTo("user");
    assertThat(messages.get(1).get("content").asString()).isEqualTo("Is it dry?");
    assertThat(messages.get(2).get("role").asString()).isEqualTo("assistant");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Yes [1].");
    assertThat(messages.get(3).get("content").asString()).isEqualTo("رطوبت خاک من چقدر است؟");
  }

  @Test
  void theAnswerSaysWhichProviderAndModelAnsweredAndTheTokensUsed() {
    var context = Contexts.persianMoisture("r");

    Answer answer =
        Futures.await(provider.answer(prompt(context), context, tokens::add, Cancellation.none()));

    assertThat(answer.provider()).isEqualTo("gapgpt");
    assertThat(answer.model()).isEqualTo("model-of-gapgpt");
    assertThat(answer.usage()).isEqualTo(new Answer.TokenUsage(42, 4));
    assertThat(answer.cited()).containsExactly(1, 2);
    assertThat(answer.fallbacks()).isEmpty();
  }

  @Test
  void whenThePrimaryFailsTheFallbackAnswersAndTheAnswerSaysSo() {
    gapgpt.then(Script.status(503, "overloaded"));
    var context = Contexts.persianMoisture("r");

    Answer answer =
        Futures.await(provider.answer(prompt(context), context, tokens::add, Cancellation.none()));

    assertThat(answer.provider()).isEqualTo("avalai");
    assertThat(answer.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "failed", "HTTP 503: overloaded"));
  }

  @Test
  void whenEveryProviderFailsBeforeTheFirstTokenTheExtractiveProviderAnswersAndKeepsTheReasons() {
    gapgpt.then(Script.status(500, "down"));
    avalai.then(Script.ok().role().pause(Duration.ofMillis(700)).done());
    var context = Contexts.persianMoisture("r");

    Answer answer =
        Futures.await(
            provider(true, Endpoints.SHORT)
                .answer(prompt(context), context, tokens::add, Cancellation.none()));

    assertThat(answer.provider()).isEqualTo("extractive");
    assertThat(String.join("", tokens)).startsWith("پاسخ استخراجی").contains("12.5");
    assertThat(answer.fallbacks())
        .extracting(ProviderFailure::provider)
        .containsExactly("gapgpt", "avalai");
    assertThat(answer.fallbacks().get(1).reason()).contains("first-token timeout");
  }

  @Test
  void withTheExtractiveFallbackOffTheFailureReachesTheCaller() {
    gapgpt.then(Script.status(500, "down"));
    avalai.then(Script.status(500, "down"));
    var context = Contexts.persianMoisture("r");

    assertThatThrownBy(
            () ->
                Futures.await(
                    provider(false)
                        .answer(prompt(context), context, tokens::add, Cancellation.none())))
        .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.failures()).hasSize(2));
    assertThat(tokens).isEmpty();
  }

  @Test
  void anAnswerThatBrokeOffMidStreamIsNotCompletedExtractively() {
    gapgpt.then(Script.ok().role().content("Soil ", "moisture ").raw("data: {broken"));
    var context = Contexts.persianMoisture("r");

    assertThatThrownBy(
            () ->
                Futures.await(
                    provider.answer(prompt(context), context, tokens::add, Cancellation.none())))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.midStream()).isTrue();
              assertThat(e.getMessage()).contains("broke off mid-stream");
            });
    assertThat(tokens).containsExactly("Soil ", "moisture ");
    assertThat(avalai.requests()).isZero();
  }

  @Test
  void itsNameIsTheProviderExpectedToAnswer() {
    assertThat(provider.name()).isEqualTo("gapgpt");
    assertThat(provider.model()).isEqualTo("model-of-gapgpt");
  }

  private ModelAnswerProvider provider(boolean fallbackToExtractive) {
    return provider(fallbackToExtractive, Endpoints.PATIENT);
  }

  private ModelAnswerProvider provider(boolean fallbackToExtractive, Duration firstToken) {
    var chain =
        new ProviderChain(
            List.of(
                Endpoints.client("gapgpt", gapgpt, firstToken, Endpoints.PATIENT),
                Endpoints.client("avalai", avalai, firstToken, Endpoints.PATIENT)),
            BREAKER,
            Duration.ofSeconds(2),
            Clock.systemUTC(),
            ModelCalls.delay());
    return new ModelAnswerProvider(chain, new ExtractiveProvider(), fallbackToExtractive);
  }
}
