package io.streamrag.kit.guard;

import java.util.Optional;

/**
 * Refuses an empty message (400), one of spaces and invisible characters only too, and one longer
 * than the configured limit (413).
 */
public final class InputLengthGuardrail implements Guardrail {

  private final int maxChars;

  public InputLengthGuardrail(int maxChars) {
    this.maxChars = maxChars;
  }

  @Override
  public Optional<Refusal> check(String message) {
    // blank, or only invisible characters (zero-width joiners, bidi marks): nothing is asked
    if (message == null
        || message
            .codePoints()
            .allMatch(
                c ->
                    Character.isWhitespace(c)
                        || Character.isSpaceChar(c)
                        || Character.getType(c) == Character.FORMAT)) {
      return Optional.of(new Refusal(400, "empty_message", "message must not be empty", "message"));
    }
    int length = message.codePointCount(0, message.length());
    if (length > maxChars) {
      return Optional.of(
          new Refusal(
              413,
              "message_too_long",
              "message is " + length + " characters; the limit is " + maxChars,
              "message"));
    }
    return Optional.empty();
  }
}
