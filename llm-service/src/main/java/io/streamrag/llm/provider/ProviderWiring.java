package io.streamrag.llm.provider;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.llm.LlmProperties;
import io.streamrag.llm.provider.openai.CallThreads;
import io.streamrag.llm.provider.openai.OpenAiClient;
import io.streamrag.llm.provider.openai.ProviderChain;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Who answers, chosen by configuration: the chain of {@code llm.providers} (with the extractive
 * provider behind it), or the extractive provider alone. Apart from the Kafka wiring so that it
 * starts without a broker in tests.
 */
@Configuration(proxyBeanMethods = false)
class ProviderWiring {

  private static final Logger log = LoggerFactory.getLogger(ProviderWiring.class);

  /** The model providers in order; empty when none is configured. Also for an agentic loop. */
  @Bean
  ProviderChain providerChain(
      LlmProperties properties,
      JsonMapper json,
      MeterRegistry meters,
      ThreadPoolTaskExecutor modelHttp,
      ThreadPoolTaskScheduler answerTimers) {
    var threads = new CallThreads(modelHttp, answerTimers);
    var clients =
        properties.providers().stream()
            .map(p -> new OpenAiClient(p.endpoint(properties.timeout()), json, threads))
            .toList();
    return new ProviderChain(
        clients,
        properties.breaker().settings(),
        properties.maxRetryWait(),
        Clock.systemUTC(),
        ProviderChain.Delay.on(answerTimers),
        meters);
  }

  /**
   * The answers' timers, one thread for all: held tokens sent at their linger's end, a model call's
   * deadlines, a rate-limited provider waited for, a wait for memory writes given up.
   */
  @Bean
  ThreadPoolTaskScheduler answerTimers() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("answer-timers-");
    scheduler.setRemoveOnCancelPolicy(true);
    // answers go on while the instance drains (IntakeWiring.answerDrain): not shut down at the
    // context's close
    scheduler.setAcceptTasksAfterContextClose(true);
    return scheduler;
  }

  /**
   * The threads every model call's response is read on: two, whatever the number of calls, since
   * none of them waits (the JDK client's selector hands each arrived line to them).
   */
  @Bean
  ThreadPoolTaskExecutor modelHttp() {
    var executor = new ThreadPoolTaskExecutor();
    executor.setThreadNamePrefix("model-http-");
    executor.setCorePoolSize(2);
    executor.setMaxPoolSize(2);
    executor.setTaskDecorator(new ContextPropagatingTaskDecorator());
    executor.setAcceptTasksAfterContextClose(true); // models still stream while it drains
    return executor;
  }

  @Bean
  AnswerProvider answerProvider(LlmProperties properties, ProviderChain chain) {
    if (chain.isEmpty()) {
      log.info("no model provider configured (LLM_BASE_URL, LLM_MODEL): answers are extractive");
      return new ExtractiveProvider();
    }
    chain
        .status()
        .forEach(
            p ->
                log.info(
                    "model provider {}: {}{}", p.name(), p.model(), p.tools() ? ", tools" : ""));
    return new ModelAnswerProvider(
        chain, new ExtractiveProvider(), properties.fallbackToExtractive());
  }

  /** {@code providers} on the health endpoint: each provider's breaker, and who answers now. */
  @Bean
  HealthIndicator providers(ProviderChain chain, LlmProperties properties) {
    return () -> ProvidersHealth.of(chain.status(), properties.fallbackToExtractive());
  }
}
