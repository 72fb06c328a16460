package io.streamrag.kit.text;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts tokens the way current OpenAI-compatible chat models do (the {@code o200k_base} byte-pair
 * encoding of gpt-4o, from jtokkit; its vocabulary ships inside the jar). Persian and Arabic take
 * about two to three times the tokens of English text of the same length, which is why budgets are
 * counted in tokens, never in characters or words.
 */
public final class Tokens {

  private static final Encoding ENCODING =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  private Tokens() {}

  /** The number of tokens of {@code text}; 0 for {@code null}. */
  public static int count(String text) {
    return text == null || text.isEmpty() ? 0 : ENCODING.countTokensOrdinary(text);
  }
}
