package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class LanguageTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "رطوبت خاک من چقدر است؟",
        "کی باید گندم را آبیاری کنم؟",
        "علائم کمبود نیتروژن در ذرت چیست؟",
        "الگوی کشت مناسب برای زمین شور چیست؟",
        "هدایت الکتریکی خاک بالاست",
        "الان خاک خشک است؟",
        "تبخیر و تعرق مرجع را چطور حساب کنم؟",
        "آبیاری‌ها را کی انجام دهم؟",
        "رطوبت ۱۲٫۵ درصد است",
        "آبیاری؟",
        "کود",
        "سلام"
      })
  void persianFarmerQuestionsArePersian(String question) {
    assertThat(Language.detect(question)).isEqualTo("fa");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ET0 چیست و چطور از آن استفاده کنم؟",
        "NPK مناسب برای گوجه‌فرنگی چیست؟",
        "NPK کود",
        "pH خاکم ۷٫۸ است، آهک بدهم؟",
        "EC آب چاه 3 dS/m است"
      })
  void givenAPersianSentenceWithLatinAcronymsThenItIsStillPersian(String question) {
    assertThat(Language.detect(question)).isEqualTo("fa");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"رطوبت خاك من چقدر است؟", "كود نيتروژن را كي بدهم؟", "آيا بايد امروز آبياري كنم؟"})
  void givenPersianTypedWithArabicLetterFormsThenItIsStillPersian(String question) {
    assertThat(Language.detect(question)).isEqualTo("fa");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ما هو التبخر النتحي المرجعي وكيف أستخدمه في الري؟",
        "ما هي رطوبة التربة في حقلي الآن؟",
        "متى يجب أن أسقي القمح؟",
        "كم كيلوغرام من اليوريا أحتاج للهكتار؟",
        "هل التربة مالحة؟",
        "ما هي أعراض نقص البوتاسيوم؟",
        "على أي عمق أضع مستشعر الرطوبة؟",
        "كيف أحسب احتياج المحصول من الماء؟"
      })
  void arabicFarmerQuestionsAreArabic(String question) {
    assertThat(Language.detect(question)).isEqualTo("ar");
  }

  @ParameterizedTest
  @ValueSource(strings = {"الري؟", "سماد", "NPK للطماطم؟", "ET0 في الصيف؟", "تربة"})
  void givenAVeryShortArabicQuestionThenOneMarkerIsEnough(String question) {
    assertThat(Language.detect(question)).isEqualTo("ar");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ما هو التبخر النتحی المرجعی و کیف أستخدمه فی الری؟",
        "مَتَى أَسْقِي الزَّرْعَ؟",
        "رطوبة التربة ٢٥٪ هل أروي الآن؟"
      })
  void givenArabicTypedOnAPersianKeyboardOrVowelledOrWithArabicDigitsThenItIsArabic(
      String question) {
    assertThat(Language.detect(question)).isEqualTo("ar");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "What is ET0 and how do I use it?",
        "How wet is my soil? رطوبت",
        "What does کود mean?",
        "NPK?",
        "12.5",
        "؟"
      })
  void englishOrNoArabicScriptMajorityIsEnglish(String question) {
    assertThat(Language.detect(question)).isEqualTo("en");
  }

  @ParameterizedTest
  @NullAndEmptySource
  void givenNoTextThenEnglish(String text) {
    assertThat(Language.detect(text)).isEqualTo("en");
  }
}
