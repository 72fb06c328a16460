package io.streamrag.llm.stream;

import java.time.Duration;

/**
 * How an answer's tokens are grouped into {@code token} records: at most one record per {@code
 * linger}, so a token that comes after a quiet {@code linger} goes out at once (a model streaming
 * at 30 tokens a second is relayed token by token, with no delay) while a burst (the extractive
 * provider's whole answer, a fast model) is sent as a few records instead of one per token. A group
 * is sent early once it holds {@code maxChars}; any other event sends it first.
 *
 * @param linger the least time between two token records; zero sends every token as it comes
 * @param maxChars a group this long is sent without waiting
 */
public record TokenBatching(Duration linger, int maxChars) {

  /** Every token its own record, as before batching. */
  public static final TokenBatching NONE = new TokenBatching(Duration.ZERO, 1);

  public TokenBatching {
    if (linger.isNegative() || maxChars < 1) {
      throw new IllegalArgumentException("token batching needs linger >= 0 and maxChars >= 1");
    }
  }
}
