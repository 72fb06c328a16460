package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokensTest {

  @Test
  void anEnglishSentenceCountsAboutOneTokenAWord() {
    assertThat(Tokens.count("Irrigate when soil moisture falls below half of the available water."))
        .isBetween(11, 15);
  }

  @Test
  void persianAndArabicTextCountMoreTokensThanWords() {
    String persian = "وقتی رطوبت خاک به نصف آب قابل استفاده رسید، آبیاری کنید.";
    String arabic = "اروِ الحقل عندما تنخفض رطوبة التربة إلى نصف الماء المتاح.";

    assertThat(Tokens.count(persian)).isGreaterThan(persian.split(" ").length);
    assertThat(Tokens.count(arabic)).isGreaterThan(arabic.split(" ").length);
  }

  @Test
  void nothingCountsNothing() {
    assertThat(Tokens.count(null)).isZero();
    assertThat(Tokens.count("")).isZero();
  }
}
