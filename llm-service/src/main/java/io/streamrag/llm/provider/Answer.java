package io.streamrag.llm.provider;

import java.util.List;

/**
 * What a provider reports once an answer is complete.
 *
 * @param cited the 1-based numbers of the passages the answer cites
 * @param provider the provider that answered (after any fallback), e.g. {@code extractive}
 * @param model the model behind it
 * @param usage the tokens the model counted; {@link TokenUsage#NONE} without a model
 * @param fallbacks the providers tried or skipped before this one, with why (empty when the first
 *     choice answered)
 */
public record Answer(
    List<Integer> cited,
    String provider,
    String model,
    TokenUsage usage,
    List<ProviderFailure> fallbacks) {

  public Answer {
    cited = List.copyOf(cited);
    fallbacks = List.copyOf(fallbacks);
  }

  /** An answer given by the first choice, without fallbacks. */
  public Answer(List<Integer> cited, String provider, String model, TokenUsage usage) {
    this(cited, provider, model, usage, List.of());
  }

  /** This answer, given after the listed providers failed. */
  public Answer after(List<ProviderFailure> failed) {
    return new Answer(cited, provider, model, usage, failed);
  }

  /**
   * Tokens a model counted for one answer, as the endpoint reported them (0 when it did not).
   *
   * @param promptTokens tokens read
   * @param completionTokens tokens written
   */
  public record TokenUsage(int promptTokens, int completionTokens) {

    public static final TokenUsage NONE = new TokenUsage(0, 0);
  }
}
