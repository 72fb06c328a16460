package io.streamrag.kit.text;

import java.util.List;

/**
 * Where a text cut by a tokenizer may be split without cutting a word, whichever tokenizer cut it:
 * one whose tokens carry their leading space ({@code o200k_base}, the chunker's) or one whose spans
 * skip the spaces (the embedder's word pieces). Persian writes one word in parts joined by a
 * zero-width non-joiner ({@code می‌خواهم}) and Arabic scripts carry vowel marks: both are part of
 * the word, so a split never falls beside them.
 *
 * <p>A token list is the tokenizer's spans, {@code [start, end)} in chars, in order.
 */
public final class WordBoundaries {

  private static final char ZERO_WIDTH_NON_JOINER = '\u200c';

  private WordBoundaries() {}

  /** The latest exclusive end in [from, end] that does not split a word; else end. */
  public static int wordEndBefore(String text, List<int[]> tokens, int from, int end) {
    for (int i = end; i > from; i--) {
      if (!insideAWord(text, tokens, i)) {
        return i;
      }
    }
    return end;
  }

  /** The first start in [from, end) where a word begins after a space; else from. */
  public static int wordStartFrom(String text, List<int[]> tokens, int from, int end) {
    for (int i = from; i < end; i++) {
      int at = tokens.get(i)[0];
      boolean afterSpace =
          at < text.length()
              && (Character.isWhitespace(text.charAt(at))
                  || (at > 0 && Character.isWhitespace(text.charAt(at - 1))));
      if (afterSpace && !insideAWord(text, tokens, i)) {
        return i;
      }
    }
    return from;
  }

  /**
   * True when tokens {@code i - 1} and {@code i} are two pieces of one word: word characters on
   * both sides, and nothing between them but what joins a word's parts.
   */
  public static boolean insideAWord(String text, List<int[]> tokens, int i) {
    if (i <= 0 || i >= tokens.size()) {
      return false;
    }
    int before = tokens.get(i - 1)[1];
    int after = tokens.get(i)[0];
    if (before <= 0 || after >= text.length() || after < before) {
      return false;
    }
    for (int k = before; k < after; k++) {
      if (!joins(text.charAt(k))) {
        return false;
      }
    }
    return isWordChar(text.charAt(before - 1)) && isWordChar(text.charAt(after));
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || joins(c);
  }

  private static boolean joins(char c) {
    return c == ZERO_WIDTH_NON_JOINER || Character.getType(c) == Character.NON_SPACING_MARK;
  }
}
