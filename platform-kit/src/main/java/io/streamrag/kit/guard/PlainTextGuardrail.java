package io.streamrag.kit.guard;

import java.util.Locale;
import java.util.Optional;

/**
 * Refuses a message that is not plain text: a control character other than tab and line breaks (NUL
 * above all, which no PostgreSQL text column holds and which a terminal or a log may act on), or
 * half of a UTF-16 surrogate pair, which no encoding can write. A farmer's question holds neither;
 * the caller learns which character and where, instead of an answer that cannot be remembered.
 */
public final class PlainTextGuardrail implements Guardrail {

  @Override
  public Optional<Refusal> check(String message) {
    if (message == null) {
      return Optional.empty();
    }
    for (int i = 0; i < message.length(); i++) {
      char c = message.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < message.length()
          && Character.isLowSurrogate(message.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return refused("half of a UTF-16 surrogate pair", c, i);
      } else if (Character.getType(c) == Character.CONTROL && c != '\t' && c != '\n' && c != '\r') {
        return refused("a control character", c, i);
      }
    }
    return Optional.empty();
  }

  private static Optional<Refusal> refused(String what, char c, int at) {
    return Optional.of(
        new Refusal(
            400,
            "invalid_characters",
            String.format(
                Locale.ROOT,
                "message holds %s (U+%04X) at character %d; send plain text",
                what,
                (int) c,
                at + 1),
            "message"));
  }
}
