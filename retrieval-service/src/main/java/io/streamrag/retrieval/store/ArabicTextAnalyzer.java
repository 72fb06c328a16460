package io.streamrag.retrieval.store;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.FilteringTokenFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.apache.lucene.analysis.ar.ArabicNormalizer;
import org.apache.lucene.analysis.ar.ArabicStemFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.fa.PersianCharFilter;
import org.apache.lucene.analysis.fa.PersianNormalizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The analysis chain of Arabic text (chunks and questions in {@code ar}), beside {@link
 * BilingualAnalyzer} for Persian and English: the same letter-form, digit and ZWNJ normalisation,
 * so both chains write one alphabet into the same fields, then Arabic stop words and Lucene's light
 * Arabic stemmer ({@link ArabicStemFilter}, Larkey's light10: ال وال بال كال فال لل و off the
 * front, ها ان ات ون ين يه ية ه ة ي off the end), so المحاصيل finds محاصيل, والري finds الري and
 * التربة finds تربة. English words inside Arabic text (ET0, NPK) are stemmed as in the bilingual
 * chain.
 *
 * <p>No cut to four letters after stemming: that was measured for Persian, whose suffixes the
 * Persian stemmer leaves; Arabic builds words inside the root (محصول, محاصيل), so a fixed prefix
 * would merge unrelated words without joining those. No Arabic set was there to measure on.
 */
final class ArabicTextAnalyzer extends Analyzer {

  private static final CharArraySet STOP_WORDS;

  /**
   * Question words Lucene's list (made for documents) lacks; questions are full of them and
   * documents rarely hold them, so each would favour any chunk that happens to contain it. With the
   * glued و too, as Lucene lists ومن and وفي: the stop filter runs before the stemmer.
   */
  private static final List<String> QUESTION_WORDS =
      List.of(
          "هل", "كيف", "متى", "ماذا", "لماذا", "أين", "كم", "وهل", "وكيف", "ومتى", "وماذا",
          "ولماذا", "وأين", "وكم");

  static {
    // Lucene's Arabic stop list is written unnormalised (أن, إلى, هى): normalise it like the text.
    var arabic = new ArabicNormalizer();
    var persian = new PersianNormalizer();
    var stop = new CharArraySet(EnglishAnalyzer.getDefaultStopSet(), false);
    var words = new ArrayList<Object>(ArabicAnalyzer.getDefaultStopSet());
    QUESTION_WORDS.forEach(w -> words.add(w.toCharArray()));
    for (Object word : words) {
      char[] c = (char[]) word;
      char[] copy = Arrays.copyOf(c, c.length);
      int length = persian.normalize(copy, arabic.normalize(copy, copy.length));
      stop.add(new String(copy, 0, length));
    }
    STOP_WORDS = CharArraySet.unmodifiableSet(stop);
  }

  ArabicTextAnalyzer() {
    super(PER_FIELD_REUSE_STRATEGY);
  }

  @Override
  protected Reader initReader(String fieldName, Reader reader) {
    return new PersianCharFilter(reader);
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    Tokenizer source = new StandardTokenizer();
    if (BilingualAnalyzer.JOINED.equals(fieldName)) {
      // joined spellings are a Persian matter, measured on Persian only: Arabic text writes none
      return new TokenStreamComponents(source, new NoTerms(source));
    }
    if (BilingualAnalyzer.WORDS.equals(fieldName)) {
      TokenStream words = normalize(fieldName, source);
      return new TokenStreamComponents(source, new StopFilter(words, STOP_WORDS));
    }
    TokenStream result = new EnglishPossessiveFilter(source);
    result = normalize(fieldName, result);
    result = new StopFilter(result, STOP_WORDS);
    result = new ArabicStemFilter(result);
    result = new PorterStemFilter(result);
    return new TokenStreamComponents(source, result);
  }

  /** A chain that keeps no term. */
  private static final class NoTerms extends FilteringTokenFilter {
    NoTerms(TokenStream input) {
      super(input);
    }

    @Override
    protected boolean accept() {
      return false;
    }
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return BilingualAnalyzer.folded(in);
  }
}
