package io.streamrag.retrieval.store;

import java.io.Reader;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.ar.ArabicNormalizationFilter;
import org.apache.lucene.analysis.core.DecimalDigitFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.fa.PersianCharFilter;
import org.apache.lucene.analysis.fa.PersianNormalizationFilter;
import org.apache.lucene.analysis.fa.PersianStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * One analysis chain for Persian and English text, so one field serves both languages and mixed
 * questions: Persian and Arabic letter forms (ی/ي, ک/ك), diacritics, the zero-width non-joiner and
 * Persian/Arabic digits are normalised; stop words of both languages dropped; Persian stemming then
 * truncation to four letters, English possessives and Porter stemming. Each stemmer only touches
 * words of its own script. Arabic text has its own chain ({@link ArabicTextAnalyzer}), chosen by
 * the text's language ({@link LexicalAnalysis}): Persian stemming would leave Arabic articles on.
 *
 * <p>Measured alternatives (./bench.sh retrieval, BM25 alone): KStem instead of Porter, SciFact
 * nDCG@10 0.684 vs 0.686; joining words at the zero-width non-joiner instead of splitting there,
 * ParsiNLU 0.757 vs 0.770; no Persian stemming, ParsiNLU 0.752; adjacent-term phrase boosts,
 * ParsiNLU 0.756 to 0.766.
 */
public final class BilingualAnalyzer extends Analyzer {

  private static final CharArraySet STOP_WORDS;

  /**
   * Letters a Persian word keeps after stemming. Alone, 5 measured best of 4, 5, 6 and none
   * (ParsiNLU nDCG@10 0.774 vs 0.776 for 4); with the whole-word field beside it ({@link #WORDS}),
   * 4 is best: 0.783 vs 0.777.
   */
  private static final int PERSIAN_PREFIX = 4;

  static {
    var stop = PersianStopWords.withSpoken();
    stop.addAll(EnglishAnalyzer.getDefaultStopSet());
    STOP_WORDS = CharArraySet.unmodifiableSet(stop);
  }

  @Override
  protected Reader initReader(String fieldName, Reader reader) {
    return new PersianCharFilter(reader);
  }

  /** Whether this chain reads questions ({@link #forQuestions}) rather than chunks. */
  private final boolean questions;

  /** The chain of chunks (and of anything but a question's lexical search). */
  public BilingualAnalyzer() {
    this(false);
  }

  /** Each field keeps its own chain: the default reuse would analyse every field like the first. */
  private BilingualAnalyzer(boolean questions) {
    super(PER_FIELD_REUSE_STRATEGY);
    this.questions = questions;
  }

  /**
   * The chain of a question searched: the same as a chunk's, except that the stems leave out a noun
   * that only names the kind of answer asked for ({@link AnswerTypeFilter}).
   */
  static BilingualAnalyzer forQuestions() {
    return new BilingualAnalyzer(true);
  }

  /**
   * The field of whole words: normalised like the main field but neither stemmed nor cut, so a
   * Persian question's exact word forms count for a little more than their shared stem. Measured
   * with {@code ./bench.sh retrieval}, weight 0.4 beside the main field: ParsiNLU nDCG@10 0.774 to
   * 0.783, PersianQA hit@1 0.977 to 0.982; character 4-grams instead hurt (0.768 at weight 0.3).
   */
  public static final String WORDS = "words";

  /**
   * The field of two adjacent Persian words written as one ({@link JoinedWordsFilter}), so that a
   * compound, plural or verb typed joined (بدنسازی, دندانهای, میریزند) finds its split spelling
   * (بدن سازی, دندان‌های, می‌ریزند), and the other way round: a Persian question's joined words are
   * searched here, and its adjacent words joined are searched among whole words ({@link #WORDS}),
   * both at the whole words' weight. Never joined forms against joined forms, which would be a
   * phrase match (tried as a proximity boost, and not kept). Measured on the dev halves (BM25 leg):
   * ParsiNLU nDCG@10 0.7763 to 0.7844 (13 questions up, 3 down: بدن سازی, روان شناسی, پل دختر,
   * نزدیک ترین...), PersianQA hit@1 321 to 322 of 324 (سرما خوردگی for سرماخوردگی).
   */
  public static final String JOINED = "joined";

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    if (WORDS.equals(fieldName) || JOINED.equals(fieldName)) {
      Tokenizer source = new StandardTokenizer();
      TokenStream words = folded(source);
      return new TokenStreamComponents(
          source,
          JOINED.equals(fieldName)
              ? new JoinedWordsFilter(words, STOP_WORDS)
              : new StopFilter(words, STOP_WORDS));
    }
    Tokenizer source = new StandardTokenizer();
    TokenStream result = new EnglishPossessiveFilter(source);
    result = folded(result);
    if (questions) {
      result = new AnswerTypeFilter(result); // before the stop words: it looks for چه, کدام, چند
    }
    result = new StopFilter(result, STOP_WORDS);
    result = new PersianStemFilter(result);
    result = new PersianPrefixFilter(result, PERSIAN_PREFIX);
    result = new PorterStemFilter(result);
    return new TokenStreamComponents(source, result);
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return folded(in);
  }

  /**
   * Lower case, Western digits, and one spelling of the letters Arabic and Persian write
   * differently: what every field and every query term goes through.
   */
  static TokenStream folded(TokenStream in) {
    TokenStream result = new LowerCaseFilter(in);
    result = new DecimalDigitFilter(result);
    result = new ArabicNormalizationFilter(result);
    return new PersianNormalizationFilter(result);
  }
}
