package io.streamrag.gateway.guard;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.GuardMetrics;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.kit.guard.injection.PatternLayer;
import io.streamrag.kit.guard.injection.SimilarityLayer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The prompt-injection guard the gateway runs before a question reaches Kafka (chat, and the
 * farmer's words of a recommendation), so an attack is refused at once with 400 {@code
 * prompt_injection}: platform-kit's patterns and its corpus of known attacks, every refusal counted
 * ({@value GuardMetrics#BLOCKED}). An operator's additions to the corpus ({@code kb.configs}) and
 * the model judge apply in llm-service, which runs the guard again and ends such an answer with an
 * {@code error} event.
 */
@Configuration(proxyBeanMethods = false)
class GuardWiring {

  @Bean
  PromptInjectionGuardrail injectionGuard(MeterRegistry meters) {
    return new PromptInjectionGuardrail(
        PatternLayer.standard(), SimilarityLayer.standard(), null, GuardMetrics.counting(meters));
  }

  /** The guard and body reading before readiness (health {@code warmUp}). */
  @Bean
  GatewayWarmUp gatewayWarmUp(PromptInjectionGuardrail injectionGuard, JsonMapper json) {
    return new GatewayWarmUp(injectionGuard, json);
  }
}
