package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WordsTest {

  @Test
  void arabicFormsDiacriticsAndJoinersAreNormalised() {
    assertThat(Words.of("كودِ آبياري‌ها")).containsExactly("کود", "آبیاریها");
  }

  @Test
  void persianDigitsAndDecimalSeparatorBecomeLatin() {
    assertThat(Words.of("رطوبت ۱۲٫۵ درصد")).containsExactly("رطوبت", "12.5", "درصد");
  }

  @Test
  void aDecimalNumberStaysOneWordButASentenceEndIsNotPartOfIt() {
    assertThat(Words.of("Moisture is 12.5. Irrigate!"))
        .containsExactly("moisture", "is", "12.5", "irrigate");
  }

  @Test
  void theScriptIsRecognised() {
    assertThat(Words.isArabicScript("رطوبت خاک من چقدر است؟")).isTrue();
    assertThat(Words.isArabicScript("How wet is my soil? رطوبت")).isFalse();
  }

  @Test
  void arabicLetterFormsHamzaOnAlefTatweelAndVowelsAreNormalisedLikePersian() {
    assertThat(Words.of("أسمدة البوتاسيوم إلى الأرض"))
        .containsExactly("اسمده", "البوتاسیوم", "الی", "الارض");
    assertThat(Words.of("مـتـى نَسقي؟")).containsExactly("متی", "نسقی");
  }

  @Test
  void theArabicArticleAndItsParticlesComeOffButTwoLettersStay() {
    assertThat(Words.withoutArabicArticle(Words.normalize("والري"))).isEqualTo("ری");
    assertThat(Words.withoutArabicArticle(Words.normalize("الري"))).isEqualTo("ری");
    assertThat(Words.withoutArabicArticle(Words.normalize("للهكتار"))).isEqualTo("هکتار");
    assertThat(Words.withoutArabicArticle(Words.normalize("بالتنقيط"))).isEqualTo("تنقیط");
    assertThat(Words.withoutArabicArticle("الم")).isEqualTo("الم");
  }

  @Test
  void aZeroWidthNonJoinerIsRemovedForMatchingOnly() {
    String shown = "آب داده می‌شود";

    assertThat(Words.of(shown)).containsExactly("آب", "داده", "میشود");
    assertThat(shown).contains("‌");
  }
}
