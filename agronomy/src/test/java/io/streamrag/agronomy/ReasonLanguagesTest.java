package io.streamrag.agronomy;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The templated reasons through the public API, in Persian, Arabic and English (S0.8). */
class ReasonLanguagesTest {

  static final Instant NOW = Instant.parse("2026-12-01T06:00:00Z");

  private final Agronomy agronomy =
      Agronomy.fromFolder(DemoKnowledge.root(), Clock.fixed(NOW, ZoneOffset.UTC));

  /** Maize on loam under drip at θ 18 % with ET0 8 mm/day: Dr 70 mm above RAW 47.6 mm. */
  private static FieldState field() {
    return MaizeField.with(
        18.0, NOW.minus(Duration.ofHours(1)), 15.0, NOW.minus(Duration.ofDays(1)));
  }

  private static List<ForecastDay> forecast() {
    var days = new ArrayList<ForecastDay>();
    for (int i = 0; i < 7; i++) {
      days.add(new ForecastDay(LocalDate.of(2026, 12, 1).plusDays(i), 4.0, 17.0, 0.0, 8.0));
    }
    return days;
  }

  @Test
  void theIrrigationReasonGivesTheSameNumbersInEachLanguage() {
    assertThat(agronomy.irrigation(field(), forecast(), "en").reason())
        .isEqualTo(
            "Root-zone depletion 70 mm is at or above the 47.6 mm allowed (RAW) for maize; apply"
                + " 77.8 mm by drip (90 % efficiency); check again on 2026-12-05.");
    assertThat(agronomy.irrigation(field(), forecast(), "fa").reason())
        .isEqualTo(
            "کمبود آب ناحیه ریشه 70 میلی‌متر است و به 47.6 میلی‌متر مجاز (RAW) برای ذرت رسیده یا"
                + " از آن گذشته است؛ 77.8 میلی‌متر با آبیاری قطره‌ای (راندمان 90 درصد) بدهید؛ در"
                + " 2026-12-05 دوباره بررسی کنید.");
    assertThat(agronomy.irrigation(field(), forecast(), "ar").reason())
        .isEqualTo(
            "استنزاف الماء في منطقة الجذور 70 ملم، وقد بلغ 47.6 ملم المسموح به (RAW) لمحصول الذرة"
                + " أو تجاوزه؛ أضف 77.8 ملم بالري بالتنقيط (كفاءة 90 ٪)؛ تحقق مرة أخرى في"
                + " 2026-12-05.");
  }

  @Test
  void theFertilizationReasonGivesTheSameNumbersInEachLanguage() {
    assertThat(agronomy.fertilization(field(), "fa").reason())
        .isEqualTo(
            "آزمون خاک برای ذرت: نیتروژن 8 میلی‌گرم در کیلوگرم (کم)، فسفر 15 میلی‌گرم در کیلوگرم"
                + " (متوسط) و پتاسیم 250 میلی‌گرم در کیلوگرم (زیاد)؛ اوره 105.7 کیلوگرم در هکتار"
                + " و سوپرفسفات تریپل 100.9 کیلوگرم در هکتار بدهید (روی هم 206.6 کیلوگرم در"
                + " هکتار).");
    assertThat(agronomy.fertilization(field(), "ar-SA").reason())
        .isEqualTo(
            "تحليل التربة لمحصول الذرة: النيتروجين 8 ملغ/كغ (منخفض)، الفوسفور 15 ملغ/كغ (متوسط)"
                + " والبوتاسيوم 250 ملغ/كغ (مرتفع)؛ أضف اليوريا 105.7 كغ/هكتار والسوبر فوسفات"
                + " الثلاثي 100.9 كغ/هكتار (المجموع 206.6 كغ/هكتار).");
  }

  @Test
  void theMissingInputsAreNamedInEachLanguage() {
    var bare = new FieldState(null, null, null, "drip", 35.7, field().moisture(), null);

    assertThat(agronomy.irrigation(bare, forecast(), "en").reason())
        .isEqualTo("Cannot compute irrigation: missing crop and soil texture.");
    assertThat(agronomy.irrigation(bare, forecast(), "fa").reason())
        .isEqualTo("محاسبه آبیاری ممکن نیست؛ این داده‌ها نیست: محصول و بافت خاک.");
    assertThat(agronomy.irrigation(bare, forecast(), "ar").reason())
        .isEqualTo("لا يمكن حساب الري: تنقص هذه البيانات: المحصول وقوام التربة.");
  }

  @Test
  void anUnknownLanguageGetsEnglish() {
    assertThat(agronomy.irrigation(field(), forecast(), "de").reason()).startsWith("Root-zone");
    assertThat(agronomy.irrigation(field(), forecast(), null).reason()).startsWith("Root-zone");
  }
}
