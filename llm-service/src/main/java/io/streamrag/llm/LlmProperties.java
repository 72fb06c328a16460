package io.streamrag.llm;

import io.streamrag.llm.provider.openai.BreakerSettings;
import io.streamrag.llm.provider.openai.Endpoint;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * llm-service settings ({@code llm.*}). With no provider configured, the extractive provider
 * answers; with some, they answer in order, each behind its own circuit breaker (S1.8). A half-done
 * or contradictory provider stops start-up with a message naming the key.
 *
 * @param providers OpenAI-compatible endpoints, most preferred first; entries without base URL and
 *     model are left out (the shipped yml has two, filled from {@code LLM_*} and {@code
 *     LLM_FALLBACK_*})
 * @param breaker the circuit breaker each provider gets
 * @param fallbackToExtractive answer extractively when every provider failed before the first token
 * @param maxRetryWait the longest a rate-limited provider is waited for when no other answered
 * @param timeout the longest one model reply may take in all
 * @param startupTimeout how long start-up waits to read the KB configurations
 * @param maxConcurrentAnswers how many answers one instance runs at once; beyond it, it stops
 *     fetching chat requests until answers end (docs/guide/capacity.md)
 */
@Validated
@ConfigurationProperties("llm")
public record LlmProperties(
    List<Provider> providers,
    @Valid @DefaultValue Breaker breaker,
    @DefaultValue("true") boolean fallbackToExtractive,
    @NotNull @DefaultValue("2s") Duration maxRetryWait,
    @NotNull Duration timeout,
    @NotNull Duration startupTimeout,
    @Positive @DefaultValue("256") int maxConcurrentAnswers) {

  public LlmProperties {
    providers = ProviderChecks.configured(providers == null ? List.of() : providers);
    ProviderChecks.positive("llm.timeout", "", timeout);
    if (maxRetryWait != null && maxRetryWait.isNegative()) {
      throw new IllegalArgumentException("llm.max-retry-wait must not be negative");
    }
  }

  /**
   * One OpenAI-compatible endpoint; unset timeouts take the defaults below.
   *
   * @param name shown to users and in logs; must be unique
   * @param baseUrl e.g. {@code https://api.gapgpt.app/v1}
   * @param apiKey bearer key; may be empty (a local vLLM or Ollama)
   * @param model e.g. {@code gpt-4o-mini}
   * @param connectTimeout default 5s
   * @param firstTokenTimeout from the request to the first streamed delta; default 30s
   * @param idleTimeout the longest gap between two streamed deltas; default 20s
   * @param tools whether the endpoint supports tool calling; default false
   */
  public record Provider(
      String name,
      String baseUrl,
      String apiKey,
      String model,
      Duration connectTimeout,
      Duration firstTokenTimeout,
      Duration idleTimeout,
      Boolean tools) {

    public Provider {
      connectTimeout = connectTimeout == null ? Duration.ofSeconds(5) : connectTimeout;
      firstTokenTimeout = firstTokenTimeout == null ? Duration.ofSeconds(30) : firstTokenTimeout;
      idleTimeout = idleTimeout == null ? Duration.ofSeconds(20) : idleTimeout;
      tools = tools != null && tools;
    }

    /** The client's view of this provider, each reply capped at {@code total}. */
    public Endpoint endpoint(Duration total) {
      return new Endpoint(
          name,
          URI.create(baseUrl.strip()),
          apiKey == null ? "" : apiKey.strip(),
          model.strip(),
          connectTimeout,
          firstTokenTimeout,
          idleTimeout,
          total,
          tools);
    }
  }

  /**
   * Each provider's circuit breaker (Resilience4j, count-based), with its names.
   *
   * @param failureRateThreshold percent of failed calls that opens it; default 50
   * @param minimumNumberOfCalls calls before the rate counts; default 5
   * @param slidingWindowSize calls the rate is computed over; default 10
   * @param waitDurationInOpenState how long it stays open; default 30s
   * @param permittedNumberOfCallsInHalfOpenState trial calls after that; default 1
   */
  public record Breaker(
      @DefaultValue("50") float failureRateThreshold,
      @DefaultValue("5") int minimumNumberOfCalls,
      @DefaultValue("10") int slidingWindowSize,
      @NotNull @DefaultValue("30s") Duration waitDurationInOpenState,
      @DefaultValue("1") int permittedNumberOfCallsInHalfOpenState) {

    public Breaker {
      if (failureRateThreshold <= 0 || failureRateThreshold > 100) {
        throw new IllegalArgumentException(
            "llm.breaker.failure-rate-threshold must be a percentage above 0 and at most 100, not "
                + failureRateThreshold);
      }
      positive("minimum-number-of-calls", minimumNumberOfCalls);
      positive("sliding-window-size", slidingWindowSize);
      positive(
          "permitted-number-of-calls-in-half-open-state", permittedNumberOfCallsInHalfOpenState);
      ProviderChecks.positive(
          "llm.breaker.wait-duration-in-open-state", "", waitDurationInOpenState);
    }

    private static void positive(String key, int value) {
      if (value <= 0) {
        throw new IllegalArgumentException(
            "llm.breaker." + key + " must be positive, not " + value);
      }
    }

    public BreakerSettings settings() {
      return new BreakerSettings(
          failureRateThreshold,
          minimumNumberOfCalls,
          slidingWindowSize,
          waitDurationInOpenState,
          permittedNumberOfCallsInHalfOpenState);
    }
  }
}
