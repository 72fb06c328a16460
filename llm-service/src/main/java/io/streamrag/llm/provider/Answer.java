package io.streamrag.llm.provider;

import java.util.List;

/**
 * What a provider reports once an answer is complete.
 *
 * @param cited the 1-based numbers of the passages the answer cites
 * @param provider the provider that answered (after any fallback), e.g. {@code extractive}
 * @param model the model behind it
 * @param usage the tokens the model counted; {@link TokenUsage#NONE} without a model
 */
public record Answer(List<Integer> cited, String provider, String model, TokenUsage usage) {

  public Answer {
    cited = List.copyOf(cited);
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
