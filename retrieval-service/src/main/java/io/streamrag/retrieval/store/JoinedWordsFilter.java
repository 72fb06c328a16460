package io.streamrag.retrieval.store;

import java.io.IOException;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Emits, in place of its input, each two adjacent Persian words written as one: بدن سازی gives
 * بدنسازی, می ریزند gives میریزند. Persian writers put a space, a zero-width non-joiner or nothing
 * between the parts of a compound (بدن سازی, بدن‌سازی, بدنسازی), a plural or comparative suffix
 * (دندان های, دندانهای) and the verbal prefix می; the tokenizer splits at the first two, so a word
 * typed joined never met its split spelling. Searched against whole words ({@link
 * BilingualAnalyzer#JOINED}), these forms let either spelling find the other. A pair is formed with
 * stop words too, since the split-off parts (ها, سازی, می) are on the stop list; a joined form that
 * is itself a stop word (میشود) is left out, as the single word would be. Latin-script words are
 * never joined.
 */
final class JoinedWordsFilter extends TokenFilter {

  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private final CharArraySet stopWords;
  private final StringBuilder previous = new StringBuilder();

  JoinedWordsFilter(TokenStream input, CharArraySet stopWords) {
    super(input);
    this.stopWords = stopWords;
  }

  @Override
  public boolean incrementToken() throws IOException {
    while (input.incrementToken()) {
      boolean follows = previous.length() > 0;
      int before = previous.length();
      boolean persian = term.length() > 0 && PersianPrefixFilter.isArabicScript(term.charAt(0));
      if (follows && persian) {
        previous.append(term);
        if (!stopWords.contains(previous)) {
          String current = previous.substring(before);
          term.setEmpty().append(previous);
          previous.setLength(0);
          previous.append(current);
          return true;
        }
      }
      previous.setLength(0);
      if (persian) {
        previous.append(term);
      }
    }
    return false;
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    previous.setLength(0);
  }
}
