package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
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

  @Test
  void countingPieceByPieceGivesTheWholeTextsCount() {
    // every kind of piece the encoding splits on, in the three languages and beyond: a Persian
    // half-space (ZWNJ), Persian and Arabic digits, contractions, marks, emoji, runs of white space
    String[] parts = {
      "Irrigate",
      " when",
      " soil",
      "'s",
      "'LL",
      " moisture",
      " 12.5",
      " mm",
      "1234567",
      " \t",
      "\n",
      "\r\n",
      "  \n\n",
      "...",
      " (",
      "): ",
      "/\n",
      " رطوبت",
      " خاک",
      "می\u200cشود",
      "۱۲۳۴",
      "٣٤٥",
      " الحقل",
      "اروِ",
      "؟",
      "،",
      " °C",
      "ET0",
      " 😀",
      "İstanbul",
      "Привет",
      " 水稻",
      "CAPS",
      "MiXeD",
      "  ",
      "\u00a0",
      "e\u0301"
    };
    var random = new Random(7);
    for (int n = 0; n < 3_000; n++) {
      var text = new StringBuilder();
      for (int k = random.nextInt(12); k >= 0; k--) {
        text.append(parts[random.nextInt(parts.length)]);
      }
      String t = text.toString();
      assertThat(Tokens.count(t)).as("%s", t).isEqualTo(Tokens.countWhole(t));
    }
  }

  @Test
  void aLongSnapshotSectionCountsAsTheEncodingDoes() {
    String section =
        "Weather at station Karaj (karaj-1), 3.2 km from your field (your sensor "
            + "550e8400-e29b-41d4-a716-446655440000): yesterday, 2026-12-06, 12.5 mm of rain.\n"
            + "دیروز، ۲۰۲۶-۱۲-۰۶، ۱۲٫۵ میلی\u200cمتر باران در مزرعه شما بارید؛ ET0 ۳٫۹ میلی\u200cمتر.\n"
            + "أمس، هطل 12.5 ملم من المطر على حقلك، بقياس محطة الأرصاد.";

    assertThat(Tokens.count(section.repeat(3))).isEqualTo(Tokens.countWhole(section.repeat(3)));
  }
}
