package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalAnalysisTest {

  final LexicalAnalysis analysis = new LexicalAnalysis();

  @Test
  void givenAnArabicWordWithArticleOrParticleThenItMatchesItsBareForm() {
    assertThat(ar("المحاصيل")).isEqualTo(ar("محاصيل"));
    assertThat(ar("والري")).isEqualTo(ar("الري")).isEqualTo(ar("ري"));
    assertThat(ar("التربة")).isEqualTo(ar("تربة"));
    assertThat(ar("للتربة")).isEqualTo(ar("تربة"));
  }

  @Test
  void givenArabicWithHamzaVowelsOrPersianLetterFormsThenItIsNormalised() {
    assertThat(ar("الأسمدة")).isEqualTo(ar("الاسمده"));
    assertThat(ar("التُّرْبَةُ")).isEqualTo(ar("تربة"));
    assertThat(ar("نیتروجین")).isEqualTo(ar("نيتروجين"));
  }

  @Test
  void arabicStopWordsAreDroppedAndLatinAcronymsKept() {
    assertThat(ar("ما هو التبخر النتحي المرجعي ET0 في الري؟"))
        .containsExactly("تبخر", "نتح", "مرجع", "et0", "ري");
    assertThat(ar("هل وكيف ومتى أسقي؟")).containsExactly("اسق");
  }

  @Test
  void persianTextIsAnalysedExactlyAsBeforeSoAPersianWordLikeAlgooKeepsItsLetters() {
    assertThat(analysis.terms("fa", "text", "الگوی کشت"))
        .isEqualTo(BilingualAnalyzerTest.terms("الگوی کشت"))
        .first()
        .isEqualTo("الگو");
    assertThat(analysis.terms("en", "text", "the irrigations of fields"))
        .isEqualTo(BilingualAnalyzerTest.terms("the irrigations of fields"));
    assertThat(ar("الگو")).as("what Arabic stemming would do to it").containsExactly("گو");
  }

  @Test
  void wholeWordsAreWeighedForPersianAndArabicQuestionsOnly() {
    assertThat(LexicalAnalysis.weighsWholeWords("fa")).isTrue();
    assertThat(LexicalAnalysis.weighsWholeWords("ar")).isTrue();
    assertThat(LexicalAnalysis.weighsWholeWords("en")).isFalse();
  }

  @Test
  void aPersianWordTypedJoinedMeetsItsSpellingWithASpaceOrAZeroWidthNonJoiner() {
    assertThat(analysis.terms("fa", BilingualAnalyzer.JOINED, "تمرین بدن سازی"))
        .isEqualTo(analysis.terms("fa", BilingualAnalyzer.JOINED, "تمرین بدن‌سازی"))
        .contains(analysis.terms("fa", BilingualAnalyzer.WORDS, "بدنسازی").get(0));
    assertThat(analysis.terms("fa", BilingualAnalyzer.JOINED, "دندان های شیری"))
        .contains(analysis.terms("fa", BilingualAnalyzer.WORDS, "دندانهای").get(0));
  }

  @Test
  void onlyPersianWordsAreJoinedAndAJoinedStopWordIsLeftOut() {
    assertThat(analysis.terms("en", BilingualAnalyzer.JOINED, "drip irrigation")).isEmpty();
    assertThat(analysis.terms("fa", BilingualAnalyzer.JOINED, "آب می شود"))
        .as("میشود is a stop word, آبمی is kept")
        .hasSize(1);
    assertThat(analysis.terms("ar", BilingualAnalyzer.JOINED, "جدولة الري")).isEmpty();
  }

  @Test
  void aPersianQuestionLeavesOutTheNounThatOnlyNamesTheKindOfAnswer() {
    assertThat(analysis.questionTerms("fa", "text", "استقلال در چه سالی تاسیس شد؟"))
        .isEqualTo(analysis.terms("fa", "text", "استقلال تاسیس شد"));
    assertThat(analysis.questionTerms("fa", "text", "پروتئین در چه موادی وجود دارد"))
        .isEqualTo(analysis.terms("fa", "text", "پروتئین وجود دارد"));
    // a chunk keeps them, and so does a question where no question word precedes them
    assertThat(analysis.terms("fa", "text", "در چه سالی")).isNotEmpty();
    assertThat(analysis.questionTerms("fa", "text", "سال نو کی است"))
        .isEqualTo(analysis.terms("fa", "text", "سال نو کی است"));
    // persons are kept: the answer repeats them (کسانی که ...)
    assertThat(analysis.questionTerms("fa", "text", "چه کسانی یارانه می گیرند"))
        .isEqualTo(analysis.terms("fa", "text", "چه کسانی یارانه می گیرند"));
  }

  private List<String> ar(String text) {
    return analysis.terms("ar", "text", text);
  }
}
