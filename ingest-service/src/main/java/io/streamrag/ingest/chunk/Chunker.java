package io.streamrag.ingest.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a text into chunks of at most {@code maxTokens} tokens, each repeating the last {@code
 * overlapTokens} tokens of the previous one (S1.4). A token is a word (letters, digits, joined by a
 * zero-width non-joiner in Persian) or a single punctuation mark. Chunks end at a sentence or
 * paragraph end when one lies in their second half.
 */
public final class Chunker {

  private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{M}\\p{N}_\\u200c]+|\\S");
  private static final String SENTENCE_ENDS = ".!?؟";

  private final int maxTokens;
  private final int overlapTokens;

  public Chunker(int maxTokens, int overlapTokens) {
    if (overlapTokens >= maxTokens) {
      throw new IllegalArgumentException(
          "overlap " + overlapTokens + " must be below " + maxTokens);
    }
    this.maxTokens = maxTokens;
    this.overlapTokens = overlapTokens;
  }

  /**
   * A chunker whose chunks are at most {@code tokens} long (never longer than this one's), with an
   * overlap of at most a fifth of that.
   */
  public Chunker within(int tokens) {
    int max = Math.min(maxTokens, tokens);
    return new Chunker(max, Math.min(overlapTokens, max / 5));
  }

  /** The chunks of a text, in order; none for a blank text. */
  public List<String> split(String text) {
    if (text.length() <= maxTokens) {
      // Every token is at least one character: a text this short is one chunk, no tokenising
      // needed.
      String stripped = text.strip();
      return stripped.isEmpty() ? List.of() : List.of(stripped);
    }
    List<int[]> tokens = tokenize(text);
    var chunks = new ArrayList<String>();
    int start = 0;
    while (start < tokens.size()) {
      int end = Math.min(start + maxTokens, tokens.size());
      if (end < tokens.size()) {
        end = boundaryBefore(text, tokens, start + maxTokens / 2, end);
      }
      chunks.add(text.substring(tokens.get(start)[0], tokens.get(end - 1)[1]).strip());
      if (end == tokens.size()) {
        break;
      }
      start = Math.max(end - overlapTokens, start + 1);
    }
    return chunks;
  }

  /** How many tokens a text has. */
  public static int countTokens(String text) {
    return tokenize(text).size();
  }

  private static List<int[]> tokenize(String text) {
    var tokens = new ArrayList<int[]>();
    Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      tokens.add(new int[] {m.start(), m.end()});
    }
    return tokens;
  }

  /** The latest sentence or paragraph end in [from, end), as an exclusive end; else end. */
  private static int boundaryBefore(String text, List<int[]> tokens, int from, int end) {
    for (int i = end - 1; i >= from; i--) {
      int[] t = tokens.get(i);
      boolean sentenceEnd = t[1] - t[0] == 1 && SENTENCE_ENDS.indexOf(text.charAt(t[0])) >= 0;
      boolean paragraphEnd =
          i + 1 < tokens.size() && text.substring(t[1], tokens.get(i + 1)[0]).contains("\n");
      if (sentenceEnd || paragraphEnd) {
        return i + 1;
      }
    }
    return end;
  }
}
