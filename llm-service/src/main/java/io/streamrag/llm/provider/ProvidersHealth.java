package io.streamrag.llm.provider;

import io.streamrag.llm.provider.openai.ProviderStatus;
import java.util.LinkedHashMap;
import java.util.List;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code providers} health: each model provider with its breaker state. A remote model being
 * down does not make the service unhealthy while the extractive provider can still answer; the
 * details say who answers now.
 */
final class ProvidersHealth {

  private ProvidersHealth() {}

  static Health of(List<ProviderStatus> providers, boolean fallbackToExtractive) {
    var available = providers.stream().filter(ProviderStatus::available).findFirst();
    String answering;
    if (available.isPresent()) {
      answering = available.get().name();
    } else if (providers.isEmpty()) {
      answering = "extractive (no model provider configured)";
    } else if (fallbackToExtractive) {
      answering = "extractive (every model provider is unavailable)";
    } else {
      answering = "nobody (every model provider is unavailable, extractive fallback is off)";
    }
    var health =
        available.isPresent() || fallbackToExtractive || providers.isEmpty()
            ? Health.up()
            : Health.down();
    health.withDetail("answering", answering);
    for (ProviderStatus p : providers) {
      var details = new LinkedHashMap<String, Object>();
      details.put("model", p.model());
      details.put("breaker", p.breaker());
      details.put("available", p.available());
      details.put("tools", p.tools());
      if (p.rateLimitedUntil() != null) {
        details.put("rateLimitedUntil", p.rateLimitedUntil().toString());
      }
      health.withDetail(p.name(), details);
    }
    return health.build();
  }
}
