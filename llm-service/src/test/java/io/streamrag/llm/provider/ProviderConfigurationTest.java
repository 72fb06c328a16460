package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.kit.testing.StartupFailure;
import io.streamrag.llm.LlmApplication;
import io.streamrag.llm.LlmProperties;
import io.streamrag.llm.provider.openai.ProviderChain;
import io.streamrag.llm.provider.openai.ProviderStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The provider wiring as start-up builds it from the shipped {@code llm-service.yml}, with
 * environment variables given as properties (no broker needed).
 */
class ProviderConfigurationTest {

  final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withInitializer(new ConfigDataApplicationContextInitializer())
          .withPropertyValues(LlmApplication.CONFIG_NAME)
          .withBean(JsonMapper.class, JsonMapper::new)
          .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
          .withUserConfiguration(Settings.class, ProviderWiring.class);

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(LlmProperties.class)
  static class Settings {}

  @Test
  void withNoProviderConfiguredTheExtractiveProviderAnswersWithoutAnyKey() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(AnswerProvider.class)).isInstanceOf(ExtractiveProvider.class);
          assertThat(context.getBean(ProviderChain.class).isEmpty()).isTrue();
        });
  }

  @Test
  void theLlmVariablesAreTheFirstProviderAndTheFallbackVariablesTheSecond() {
    runner
        .withPropertyValues(
            "LLM_NAME=gapgpt",
            "LLM_BASE_URL=https://api.gapgpt.app/v1",
            "LLM_API_KEY=sk-1",
            "LLM_MODEL=gpt-4o-mini",
            "LLM_FIRST_TOKEN_TIMEOUT=45s",
            "LLM_TOOLS=true",
            "LLM_FALLBACK_NAME=avalai",
            "LLM_FALLBACK_BASE_URL=https://api.avalai.ir/v1",
            "LLM_FALLBACK_API_KEY=sk-2",
            "LLM_FALLBACK_MODEL=gpt-4o-mini")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(AnswerProvider.class))
                  .isInstanceOf(ModelAnswerProvider.class);
              var providers = context.getBean(LlmProperties.class).providers();
              assertThat(providers)
                  .extracting(LlmProperties.Provider::name)
                  .containsExactly("gapgpt", "avalai");
              assertThat(providers.get(0).firstTokenTimeout()).isEqualTo(Duration.ofSeconds(45));
              assertThat(providers.get(0).tools()).isTrue();
              assertThat(providers.get(1).firstTokenTimeout()).isEqualTo(Duration.ofSeconds(30));
              assertThat(providers.get(1).idleTimeout()).isEqualTo(Duration.ofSeconds(20));
              assertThat(providers.get(1).tools()).isFalse();
            });
  }

  @Test
  void aProviderWithoutAKeyIsAllowedForALocalServer() {
    runner
        .withPropertyValues("LLM_BASE_URL=http://localhost:8000/v1", "LLM_MODEL=qwen2.5")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(ProviderChain.class).status())
                  .extracting(ProviderStatus::name)
                  .containsExactly("primary");
            });
  }

  @Test
  void onlyTheFallbackVariablesGiveOneProvider() {
    runner
        .withPropertyValues(
            "LLM_FALLBACK_BASE_URL=https://api.avalai.ir/v1", "LLM_FALLBACK_MODEL=gpt-4o-mini")
        .run(
            context ->
                assertThat(context.getBean(LlmProperties.class).providers())
                    .extracting(LlmProperties.Provider::name)
                    .containsExactly("fallback"));
  }

  @Test
  void theBreakerSettingsHaveDefaultsAndCanBeChanged() {
    runner
        .withPropertyValues("llm.breaker.wait-duration-in-open-state=1m")
        .run(
            context -> {
              var breaker = context.getBean(LlmProperties.class).breaker();
              assertThat(breaker.failureRateThreshold()).isEqualTo(50f);
              assertThat(breaker.minimumNumberOfCalls()).isEqualTo(5);
              assertThat(breaker.slidingWindowSize()).isEqualTo(10);
              assertThat(breaker.permittedNumberOfCallsInHalfOpenState()).isEqualTo(1);
              assertThat(breaker.waitDurationInOpenState()).isEqualTo(Duration.ofMinutes(1));
              assertThat(context.getBean(LlmProperties.class).fallbackToExtractive()).isTrue();
              assertThat(context.getBean(LlmProperties.class).maxRetryWait())
                  .isEqualTo(Duration.ofSeconds(2));
            });
  }

  @Test
  void aBaseUrlWithoutAModelStopsStartUpNamingTheKeyAndItsVariable() {
    runner
        .withPropertyValues("LLM_BASE_URL=https://api.gapgpt.app/v1")
        .run(
            context ->
                assertFailure(
                    context,
                    "llm.providers[0].model (LLM_MODEL) is not set but llm.providers[0].base-url"
                        + " (LLM_BASE_URL) is"));
  }

  @Test
  void aModelWithoutABaseUrlStopsStartUpNamingTheKeyAndItsVariable() {
    runner
        .withPropertyValues("LLM_FALLBACK_MODEL=gpt-4o-mini")
        .run(
            context ->
                assertFailure(
                    context, "llm.providers[1].base-url (LLM_FALLBACK_BASE_URL) is not set"));
  }

  @Test
  void aKeyWithoutBaseUrlAndModelStopsStartUp() {
    runner
        .withPropertyValues("LLM_API_KEY=sk-1")
        .run(context -> assertFailure(context, "llm.providers[0].api-key (LLM_API_KEY) is set"));
  }

  @Test
  void aBaseUrlThatIsNotHttpStopsStartUp() {
    runner
        .withPropertyValues("LLM_BASE_URL=api.gapgpt.app/v1", "LLM_MODEL=gpt-4o-mini")
        .run(
            context ->
                assertFailure(
                    context,
                    "llm.providers[0].base-url (LLM_BASE_URL) must be an http:// or https:// URL"));
  }

  @Test
  void aTimeoutOfZeroStopsStartUp() {
    runner
        .withPropertyValues(
            "LLM_BASE_URL=https://api.gapgpt.app/v1",
            "LLM_MODEL=gpt-4o-mini",
            "LLM_IDLE_TIMEOUT=0s")
        .run(
            context ->
                assertFailure(
                    context, "llm.providers[0].idle-timeout (LLM_IDLE_TIMEOUT) must be positive"));
  }

  @Test
  void twoProvidersWithTheSameNameStopStartUp() {
    runner
        .withPropertyValues(
            "LLM_NAME=openai",
            "LLM_BASE_URL=https://api.gapgpt.app/v1",
            "LLM_MODEL=gpt-4o-mini",
            "LLM_FALLBACK_NAME=openai",
            "LLM_FALLBACK_BASE_URL=https://api.avalai.ir/v1",
            "LLM_FALLBACK_MODEL=gpt-4o-mini")
        .run(
            context ->
                assertFailure(
                    context,
                    "llm.providers[1].name (LLM_FALLBACK_NAME) 'openai' is also the name of"
                        + " llm.providers[0]"));
  }

  @Test
  void aBreakerThresholdOutsideOneToAHundredStopsStartUp() {
    runner
        .withPropertyValues("llm.breaker.failure-rate-threshold=0")
        .run(context -> assertFailure(context, "llm.breaker.failure-rate-threshold"));
  }

  @Test
  void theProvidersHealthStaysUpWhileTheExtractiveProviderCanAnswer() {
    runner
        .withPropertyValues("LLM_BASE_URL=http://127.0.0.1:9/v1", "LLM_MODEL=m")
        .run(
            context -> {
              var health = context.getBean("providers", HealthIndicator.class).health(true);
              assertThat(health.getStatus()).isEqualTo(Status.UP);
              assertThat(health.getDetails()).containsKeys("answering", "primary");
            });
  }

  private static void assertFailure(AssertableApplicationContext context, String message) {
    assertThat(StartupFailure.messages(context)).contains(message);
  }
}
