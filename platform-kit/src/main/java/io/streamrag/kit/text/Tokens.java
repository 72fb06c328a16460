package io.streamrag.kit.text;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import com.knuddels.jtokkit.api.IntArrayList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts tokens the way current OpenAI-compatible chat models do (the {@code o200k_base} byte-pair
 * encoding of gpt-4o, from jtokkit; its vocabulary ships inside the jar). Persian and Arabic take
 * about two to three times the tokens of English text of the same length, which is why budgets are
 * counted in tokens, never in characters or words.
 *
 * <p>A count is the sum of the counts of the text's pieces (the encoding's own split before
 * byte-pair merging: a word with its leading space, a run of up to three digits, punctuation, white
 * space), and a piece's count is remembered. Live texts repeat their words (a field's weather
 * section differs from its neighbours' in its sensor id, and from its last rendering in a day), and
 * merging the bytes of a Persian or Arabic word is most of the cost of counting it.
 */
public final class Tokens {

  private static final Encoding ENCODING =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  /**
   * {@code o200k_base}'s pre-tokenizer, as jtokkit 1.1.0 compiles it ({@code EncodingFactory}):
   * every match is merged on its own, so a text's count is the sum of its matches' counts. {@code
   * TokensTest} checks the sum against the whole-text count on 3,000 texts mixing every kind of
   * piece, in many scripts: a jtokkit upgrade that changes the pre-tokenizer fails it.
   */
  private static final Pattern PIECES =
      Pattern.compile(
          String.join(
              "|",
              "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+"
                  + "(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
              "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*"
                  + "(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
              "\\p{N}{1,3}",
              " ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
              "\\s*[\\r\\n]+",
              "\\s+(?!\\S)",
              "\\s+"),
          Pattern.UNICODE_CHARACTER_CLASS);

  /** Pieces remembered at most; past it the memory starts again (a vocabulary, not a log). */
  static final int REMEMBERED_PIECES = 1 << 14;

  /** Longer pieces are rare (a long number, a URL) and counted each time. */
  private static final int REMEMBERED_LENGTH = 32;

  private static final Map<String, Integer> PIECE_COUNTS = new ConcurrentHashMap<>();

  private Tokens() {}

  /** The number of tokens of {@code text}; 0 for {@code null}. */
  public static int count(String text) {
    if (text == null || text.isEmpty()) {
      return 0;
    }
    Matcher pieces = PIECES.matcher(text);
    int count = 0;
    while (pieces.find()) {
      count += pieceCount(text.substring(pieces.start(), pieces.end()));
    }
    return count;
  }

  /** The count {@code o200k_base} gives a text as one whole, without splitting it in pieces. */
  static int countWhole(String text) {
    return text == null || text.isEmpty() ? 0 : ENCODING.countTokensOrdinary(text);
  }

  private static int pieceCount(String piece) {
    if (piece.length() > REMEMBERED_LENGTH) {
      return ENCODING.countTokensOrdinary(piece);
    }
    Integer known = PIECE_COUNTS.get(piece);
    if (known != null) {
      return known;
    }
    int counted = ENCODING.countTokensOrdinary(piece);
    if (PIECE_COUNTS.size() >= REMEMBERED_PIECES) {
      PIECE_COUNTS.clear();
    }
    PIECE_COUNTS.put(piece, counted);
    return counted;
  }

  /**
   * Where each token of {@code text} lies, as {@code [start, end)} character offsets, in order and
   * without gaps. A token that ends inside a character (byte-pair encoding can split a character's
   * UTF-8 bytes) is given the whole character, so a span never cuts a character and may be empty.
   */
  public static List<int[]> spans(String text) {
    var spans = new ArrayList<int[]>();
    if (text == null || text.isEmpty()) {
      return spans;
    }
    IntArrayList tokens = ENCODING.encodeOrdinary(text);
    int[] charAtByte = charAtByte(text);
    var one = new IntArrayList(1);
    int bytes = 0;
    int previous = 0;
    for (int i = 0; i < tokens.size(); i++) {
      one.clear();
      one.add(tokens.get(i));
      bytes += ENCODING.decodeBytes(one).length;
      int end =
          i == tokens.size() - 1
              ? text.length()
              : charAtByte[Math.min(bytes, charAtByte.length - 1)];
      end = Math.max(end, previous);
      spans.add(new int[] {previous, end});
      previous = end;
    }
    return spans;
  }

  /** For each UTF-8 byte offset, the offset of the first character that starts at or after it. */
  private static int[] charAtByte(String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    int[] map = new int[utf8.length + 1];
    int b = 0;
    for (int c = 0; c < text.length(); ) {
      int cp = text.codePointAt(c);
      int width = utf8Width(cp);
      int next = c + Character.charCount(cp);
      map[b] = c;
      for (int k = 1; k < width; k++) {
        map[b + k] = next; // inside a character: the token takes the whole character
      }
      b += width;
      c = next;
    }
    map[utf8.length] = text.length();
    return map;
  }

  /** Bytes of a code point in UTF-8; a lone surrogate is encoded as one '?'. */
  private static int utf8Width(int cp) {
    if (Character.isSurrogate((char) cp) && cp < 0x10000) {
      return 1;
    }
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
}
