package io.streamrag.llm.provider;

/**
 * Why one model provider did not answer: it failed, or it was skipped (circuit breaker open, rate
 * limited). Kept on the answer so an operator can see the fallbacks behind it.
 *
 * @param provider the provider's configured name
 * @param reason what happened, e.g. {@code HTTP 503: overloaded} or {@code circuit breaker open}
 */
public record ProviderFailure(String provider, String reason) {

  @Override
  public String toString() {
    return provider + ": " + reason;
  }
}
