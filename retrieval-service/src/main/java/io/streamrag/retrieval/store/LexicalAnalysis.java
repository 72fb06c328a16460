package io.streamrag.retrieval.store;

import io.streamrag.kit.text.Language;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Which analysis chain reads a text: the text's own language picks it, the chunk's at index time
 * ({@link StoredChunk#language()}), the question's at query time ({@link SearchQuery#language()}).
 * Arabic gets {@link ArabicTextAnalyzer}; Persian, English and anything else {@link
 * BilingualAnalyzer}, exactly as before Arabic was told apart. One chain for both Arabic-script
 * languages would damage one of them: Arabic stemming cuts Persian words (الگو → گو), Persian
 * stemming and truncation leave Arabic articles on. Both chains write the same fields and the same
 * alphabet, so the Lucene index and the Qdrant sparse vectors keep one term space.
 */
public final class LexicalAnalysis implements Closeable {

  private final Analyzer bilingual = new BilingualAnalyzer();
  private final Analyzer questions = BilingualAnalyzer.forQuestions();
  private final Analyzer arabic = new ArabicTextAnalyzer();

  /**
   * The chain for a text in this language ({@code fa}, {@code ar}, {@code en}; null: bilingual).
   */
  public Analyzer of(String language) {
    return Language.ARABIC.equals(language) ? arabic : bilingual;
  }

  /**
   * Whether a question in this language also weighs its whole words ({@link
   * BilingualAnalyzer#WORDS}): Persian and Arabic, where stems merge more word forms than in
   * English.
   */
  public static boolean weighsWholeWords(String language) {
    return Language.isArabicScript(language);
  }

  /**
   * Whether a question in this language also searches its words joined and split ({@link
   * BilingualAnalyzer#JOINED}): Persian, whose writers join or split compounds, suffixes and the
   * verbal prefix at will.
   */
  public static boolean joinsSplitWords(String language) {
    return Language.PERSIAN.equals(language);
  }

  /** The analysed terms of a text in one field, in order, repeats included. */
  public List<String> terms(String language, String field, String text) {
    return terms(of(language), field, text);
  }

  /**
   * The analysed terms of a question searched in one field: as {@link #terms}, except that a
   * Persian question's stems leave out a noun naming only the kind of answer ({@link
   * BilingualAnalyzer#forQuestions}).
   */
  public List<String> questionTerms(String language, String field, String text) {
    return terms(Language.ARABIC.equals(language) ? arabic : questions, field, text);
  }

  private static List<String> terms(Analyzer analyzer, String field, String text) {
    var terms = new ArrayList<String>();
    if (text == null || text.isBlank()) {
      return terms;
    }
    try (var stream = analyzer.tokenStream(field, text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return terms;
  }

  @Override
  public void close() {
    bilingual.close();
    questions.close();
    arabic.close();
  }
}
