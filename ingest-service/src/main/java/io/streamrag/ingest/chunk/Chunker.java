package io.streamrag.ingest.chunk;

import static io.streamrag.kit.text.WordBoundaries.wordEndBefore;
import static io.streamrag.kit.text.WordBoundaries.wordStartFrom;

import io.streamrag.kit.text.Tokens;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a text into chunks of at most {@code maxTokens} tokens, each repeating the last {@code
 * overlapTokens} tokens of the previous one (S1.4). Tokens are counted with a real tokenizer,
 * {@code o200k_base} ({@link Tokens}), in every language: Persian and Arabic take more tokens per
 * word than English, so their chunks hold fewer words. Chunks end at a sentence or paragraph end
 * when one lies in their second half, and never inside a word.
 */
public final class Chunker {

  private static final String SENTENCE_ENDS = ".!?؟";

  private final int maxTokens;
  private final int overlapTokens;

  /** Up to this many UTF-8 bytes per allowed token, a text is counted before it is split. */
  static final int COUNT_FIRST_BYTES_PER_TOKEN = 8;

  public Chunker(int maxTokens, int overlapTokens) {
    if (overlapTokens >= maxTokens) {
      throw new IllegalArgumentException(
          "overlap " + overlapTokens + " must be below " + maxTokens);
    }
    this.maxTokens = maxTokens;
    this.overlapTokens = overlapTokens;
  }

  /** The chunks of a text, in order; none for a blank text. */
  public List<String> split(String text) {
    String stripped = text.strip();
    if (stripped.isEmpty()) {
      return List.of();
    }
    // Most texts of a live feed (a snapshot's sections) are one chunk: a token is at least one
    // UTF-8 byte, so a text of no more bytes than the limit needs no tokenizer at all, and counting
    // costs less than locating every token. A text of many times the limit in bytes is surely
    // several chunks (o200k averages 4-5 bytes per token in English, Persian and Arabic), so it is
    // not counted first: a long document is tokenized once, not twice.
    long bytes = utf8Length(text);
    if (bytes <= maxTokens
        || bytes <= COUNT_FIRST_BYTES_PER_TOKEN * maxTokens && Tokens.count(text) <= maxTokens) {
      return List.of(stripped);
    }
    List<int[]> tokens = Tokens.spans(text);
    var chunks = new ArrayList<String>();
    int start = 0;
    while (start < tokens.size()) {
      int end = Math.min(start + maxTokens, tokens.size());
      if (end < tokens.size()) {
        end = boundaryBefore(text, tokens, start + maxTokens / 2, end);
      }
      String chunk = text.substring(tokens.get(start)[0], tokens.get(end - 1)[1]).strip();
      // cut out of its text, a chunk can take a token more (its first word loses its space)
      while (Tokens.count(chunk) > maxTokens && end > start + 1) {
        end = boundaryBefore(text, tokens, start + 1, end - 1);
        chunk = text.substring(tokens.get(start)[0], tokens.get(end - 1)[1]).strip();
      }
      if (!chunk.isEmpty()) {
        chunks.add(chunk);
      }
      if (end == tokens.size()) {
        break;
      }
      start = wordStartFrom(text, tokens, Math.max(end - overlapTokens, start + 1), end);
    }
    return chunks;
  }

  /** The UTF-8 length of {@code text}, without encoding it. */
  static int utf8Length(String text) {
    int bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /** How many tokens a text has. */
  public static int countTokens(String text) {
    return Tokens.count(text);
  }

  /**
   * The latest sentence or paragraph end in [from, end), as an exclusive end; else the latest end
   * between two words; else end.
   */
  private static int boundaryBefore(String text, List<int[]> tokens, int from, int end) {
    for (int i = end - 1; i >= from; i--) {
      String token = text.substring(tokens.get(i)[0], tokens.get(i)[1]);
      String stripped = token.strip();
      boolean sentenceEnd =
          !stripped.isEmpty() && SENTENCE_ENDS.indexOf(stripped.charAt(stripped.length() - 1)) >= 0;
      boolean paragraphEnd =
          token.endsWith("\n")
              || (i + 1 < tokens.size()
                  && tokens.get(i + 1)[0] < text.length()
                  && text.charAt(tokens.get(i + 1)[0]) == '\n');
      if (sentenceEnd || paragraphEnd) {
        return i + 1;
      }
    }
    return wordEndBefore(text, tokens, from, end);
  }
}
