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

  private List<String> ar(String text) {
    return analysis.terms("ar", "text", text);
  }
}
