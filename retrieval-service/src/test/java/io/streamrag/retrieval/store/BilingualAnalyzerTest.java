package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;

class BilingualAnalyzerTest {

  @Test
  void arabicLetterFormsAreFoldedToPersian() {
    assertThat(terms("كود")).isEqualTo(terms("کود"));
    assertThat(terms("نيتروژن")).isEqualTo(terms("نیتروژن"));
  }

  @Test
  void persianAndArabicDigitsBecomeLatin() {
    assertThat(terms("۱۲")).containsExactly("12");
    assertThat(terms("١٢")).containsExactly("12");
  }

  @Test
  void aZeroWidthNonJoinerSplitsLikeASpace() {
    assertThat(terms("آبیاری‌ها")).isEqualTo(terms("آبیاری ها"));
  }

  @Test
  void englishWordsAreStemmedAndStopWordsDropped() {
    assertThat(terms("the irrigations of fields")).containsExactly("irrig", "field");
  }

  @Test
  void aPersianWordWithGluedSuffixesMatchesItsPlainForm() {
    assertThat(terms("آبیاریهایشان")).isEqualTo(terms("آبیاری"));
    assertThat(terms("کشاورزان")).isEqualTo(terms("کشاورزی"));
  }

  @Test
  void englishPossessivesAndPluralsMatchTheirBaseWord() {
    assertThat(terms("farmer's crops")).isEqualTo(terms("farmer crop"));
  }

  @Test
  void persianStopWordsAreDropped() {
    assertThat(terms("رطوبت خاک من چقدر است")).hasSize(3).containsAll(terms("رطوبت خاک"));
  }

  static List<String> terms(String text) {
    var out = new ArrayList<String>();
    try (var analyzer = new BilingualAnalyzer();
        var stream = analyzer.tokenStream("text", text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        out.add(term.toString());
      }
      stream.end();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    return out;
  }
}
