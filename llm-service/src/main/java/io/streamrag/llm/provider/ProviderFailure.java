package io.streamrag.llm.provider;

/**
 * Why one model provider did not answer: it failed, or it was skipped (circuit breaker open, rate
 * limited). Kept on the answer so an operator can see the fallbacks behind it; users are shown the
 * provider and the code only, since the reason may quote the provider's own error text.
 *
 * @param provider the provider's configured name
 * @param code what kind of failure: {@code failed}, {@code rejected}, {@code rate_limited}, {@code
 *     circuit_open} or {@code no_tools}
 * @param reason what happened, e.g. {@code HTTP 503: overloaded} or {@code circuit breaker open}
 */
public record ProviderFailure(String provider, String code, String reason) {

  /** What users are shown: {@code gapgpt: failed}. */
  public String shown() {
    return provider + ": " + code;
  }

  @Override
  public String toString() {
    return provider + ": " + reason;
  }
}
