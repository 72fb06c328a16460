package io.streamrag.modelfake;

import java.time.Duration;

/**
 * How a fake model streams: the first token after {@code firstToken}, then the others evenly up to
 * {@code total}, e.g. 50 tokens over 5 s with the first after 0.1 s, as a remote model writing a
 * paragraph does.
 */
public record Pace(Duration firstToken, int tokens, Duration total) {

  public Pace {
    if (tokens < 1 || firstToken.isNegative() || total.compareTo(firstToken) < 0) {
      throw new IllegalArgumentException(
          "a pace needs at least one token and a total no shorter than its first token");
    }
  }

  /** The benchmarks' model: 50 tokens over 5 s, the first after 0.1 s. */
  public static Pace typical() {
    return new Pace(Duration.ofMillis(100), 50, Duration.ofSeconds(5));
  }

  /** The time between two tokens after the first. */
  public Duration gap() {
    return tokens == 1
        ? Duration.ofMillis(1)
        : total.minus(firstToken).dividedBy(tokens - 1).plusNanos(1);
  }
}
