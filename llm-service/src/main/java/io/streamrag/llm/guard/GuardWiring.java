package io.streamrag.llm.guard;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.GuardMetrics;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.kit.guard.injection.GuardCorpus;
import io.streamrag.kit.guard.injection.PatternLayer;
import io.streamrag.kit.guard.injection.SimilarityLayer;
import io.streamrag.llm.config.LiveConfig;
import io.streamrag.llm.provider.openai.ProviderChain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The prompt-injection guard of the pre-run chain: platform-kit's patterns and the similarity layer
 * over the live corpus (platform-kit's, plus each KB's {@value GuardCorpus#FILE}), then the model
 * judge when {@code llm.guard.judge} turns it on; every refusal counted.
 */
@Configuration(proxyBeanMethods = false)
class GuardWiring {

  private static final Logger log = LoggerFactory.getLogger(GuardWiring.class);

  @Bean
  PromptInjectionGuardrail injectionGuard(
      GuardProperties guard, LiveConfig live, ProviderChain chain, MeterRegistry meters) {
    var corpus =
        new LiveGuardCorpus(GuardCorpus.standard(), () -> live.tablesNamed(GuardCorpus.FILE));
    return new PromptInjectionGuardrail(
        PatternLayer.standard(),
        new SimilarityLayer(corpus, guard.similarityThreshold()),
        null,
        GuardMetrics.counting(meters));
  }

  /** The guard as the chain's first step and the answer's watch. */
  @Bean
  AnswerGuard answerGuard(PromptInjectionGuardrail injectionGuard, GuardProperties guard) {
    return new AnswerGuard(injectionGuard, guard.leakWords());
  }

  /**
   * The model judge, a pre-run step of its own after the guard's other layers, when {@code
   * llm.guard.judge} turns it on (else no bean: {@code null}): it waits for the model without a
   * thread.
   */
  @Bean
  ModelJudge modelJudge(GuardProperties guard, ProviderChain chain, MeterRegistry meters) {
    if ("off".equals(guard.judge())) {
      return null;
    }
    if (chain.isEmpty()) {
      if ("fail-closed".equals(guard.judge())) {
        throw new IllegalStateException(
            "llm.guard.judge=fail-closed needs a model provider (LLM_BASE_URL, LLM_MODEL): without"
                + " one every message would be refused");
      }
      log.warn(
          "llm.guard.judge=fail-open but no model provider is configured: the judge passes all");
    }
    log.info("the guard's model judge is on ({})", guard.judge());
    return new ModelJudge(
        chain, "fail-closed".equals(guard.judge()), GuardMetrics.counting(meters));
  }
}
