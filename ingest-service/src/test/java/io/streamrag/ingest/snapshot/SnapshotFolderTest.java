package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.SensorEvents.forecast;
import static io.streamrag.ingest.SensorEvents.profile;
import static io.streamrag.ingest.SensorEvents.reading;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnapshotFolderTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
  final SnapshotFolder folder = new SnapshotFolder(new SnapshotText());

  @Test
  void theFirstReadingBecomesASnapshotInEnglishPersianAndArabic() {
    var snapshot = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, 6.8)).orElseThrow();

    assertThat(snapshot.getVersion()).isEqualTo(1);
    assertThat(snapshot.getTextEn())
        .contains("soil moisture 12.5 %")
        .contains("soil pH 6.8")
        .contains("2026-11-29 10:00 UTC");
    assertThat(snapshot.getTextFa())
        .contains("رطوبت خاک 12.5 درصد")
        .contains("اسیدیته خاک (pH) 6.8");
    assertThat(snapshot.getTextAr())
        .startsWith(
            "آخر قراءات التربة من مستشعرك " + SENSOR + "، المقيسة في 2026-11-29 10:00 UTC: ")
        .contains("رطوبة التربة 12.5 %، درجة حموضة التربة (pH) 6.8.");
  }

  @Test
  void aPartialReadingKeepsTheOtherLatestValues() {
    var first = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, 6.8)).orElseThrow();

    var second =
        folder.fold(first, reading(SENSOR, "e2", T0.plusSeconds(300), null, 7.1)).orElseThrow();

    assertThat(second.getSoilMoisture()).isEqualTo(12.5);
    assertThat(second.getPh()).isEqualTo(7.1);
    assertThat(second.getVersion()).isEqualTo(2);
  }

  @Test
  void theSameReadingTwiceChangesNothing() {
    var first = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, 6.8)).orElseThrow();

    assertThat(folder.fold(first, reading(SENSOR, "e1", T0, 12.5, 6.8))).isEmpty();
  }

  @Test
  void aReadingWithTheSameTimestampIsADuplicate() {
    var first = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, null)).orElseThrow();

    assertThat(folder.fold(first, reading(SENSOR, "e1-again", T0, 13.0, null))).isEmpty();
  }

  @Test
  void aReadingOlderThanTheSnapshotDoesNotOverwriteNewerValues() {
    var first =
        folder.fold(null, reading(SENSOR, "e2", T0.plusSeconds(300), 30.0, null)).orElseThrow();

    assertThat(folder.fold(first, reading(SENSOR, "e1", T0, 12.5, null))).isEmpty();
  }

  @Test
  void theLast24HoursAreSummarisedWithRangeAndTrend() {
    SensorSnapshotUpdated s = null;
    double[] moisture = {30, 28, 25, 21, 18};
    for (int h = 0; h < moisture.length; h++) {
      s =
          folder
              .fold(s, reading(SENSOR, "e" + h, T0.plusSeconds(3600L * h), moisture[h], null))
              .orElseThrow();
    }

    assertThat(s.getTextEn()).contains("Last 24 hours: soil moisture 18–30 % (falling, −12)");
    assertThat(s.getTextFa()).contains("رطوبت خاک بین 18 و 30 درصد (کاهش 12)");
    assertThat(s.getTextAr())
        .contains("خلال الـ24 ساعة الماضية: رطوبة التربة بين 18 و30 % (انخفاض 12).");
  }

  @Test
  void theEmbedderReadsTheMeasurementsAndTheirTrendsButNoNumberSoNewValuesKeepTheSameMeaning() {
    var text = new SnapshotText();
    var first = folder.fold(null, reading(SENSOR, "e1", T0, 30.0, null)).orElseThrow();
    var falling = folder.fold(first, reading(SENSOR, "e2", T0.plusSeconds(60), 25.0, null));
    var fallingMore =
        folder.fold(falling.orElseThrow(), reading(SENSOR, "e3", T0.plusSeconds(120), 21.5, null));
    var rising =
        folder.fold(
            fallingMore.orElseThrow(), reading(SENSOR, "e4", T0.plusSeconds(180), 40.0, null));

    var meaning = text.sections(fallingMore.orElseThrow()).get(0).in("en").meaning();
    assertThat(meaning)
        .isEqualTo(
            "Current soil readings of your sensor: soil moisture. Last 24 hours: soil moisture"
                + " falling.");
    assertThat(text.sections(falling.orElseThrow()).get(0).in("en").meaning()).isEqualTo(meaning);
    assertThat(text.sections(rising.orElseThrow()).get(0).in("en").meaning())
        .endsWith("soil moisture rising.");
    assertThat(text.sections(fallingMore.orElseThrow()).get(0).in("fa").meaning())
        .isEqualTo(
            "آخرین داده‌های خاک حسگر شما: رطوبت خاک. در 24 ساعت گذشته: رطوبت خاک در حال کاهش.");
    assertThat(text.sections(fallingMore.orElseThrow()).get(0).in("en").text()).contains("21.5 %");
  }

  @Test
  void readingsMoreThan24HoursOldLeaveTheHistory() {
    var old = folder.fold(null, reading(SENSOR, "e1", T0, 50.0, null)).orElseThrow();

    var now =
        folder
            .fold(old, reading(SENSOR, "e2", T0.plusSeconds(25 * 3600), 20.0, null))
            .orElseThrow();

    assertThat(now.getHistory())
        .extracting(h -> h.getHourStart())
        .containsExactly(T0.plusSeconds(25 * 3600));
    assertThat(now.getTextEn()).doesNotContain("Last 24 hours");
  }

  @Test
  void profileAndForecastJoinTheSnapshotInEveryLanguage() {
    var s = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, null)).orElseThrow();
    s = folder.fold(s, profile(SENSOR, T0)).orElseThrow();
    s = folder.fold(s, forecast(SENSOR, T0, 12.5)).orElseThrow();

    assertThat(s.getTextEn())
        .contains("soil texture clay loam")
        .contains("at 10 cm: moisture 18.5 %, temperature 14 °C")
        .contains("2026-12-01: 3 to 15 °C, rain 12.5 mm")
        .contains("Total over 2 days: rain 12.5 mm, ET0 3.5 mm");
    assertThat(s.getTextFa())
        .contains("بافت خاک لوم رسی (clay loam)")
        .contains("بارش 12.5 میلی‌متر")
        .contains("تبخیر و تعرق مرجع (ET0) 1.6 میلی‌متر");
    assertThat(s.getTextAr())
        .contains("بيانات مستشعرك " + SENSOR + ": الموقع خط العرض 35.69 وخط الطول 51.39؛")
        .contains(
            "قوام التربة طميية طينية (clay loam)؛ على عمق 10 سم: الرطوبة 18.5 %، درجة الحرارة 14 درجة مئوية")
        .contains(
            "2026-12-01: الحرارة من 3 إلى 15 درجة مئوية، الأمطار 12.5 ملم، الرطوبة الجوية 55 %")
        .contains("التبخر النتحي المرجعي (ET0) 1.6 ملم")
        .contains(
            "المجموع خلال أيام التوقعات (عددها 2): الأمطار 12.5 ملم، التبخر النتحي المرجعي 3.5 ملم.");
    assertThat(s.getVersion()).isEqualTo(3);
  }

  @Test
  void theSameProfileTwiceChangesNothing() {
    var s = folder.fold(null, profile(SENSOR, T0)).orElseThrow();

    assertThat(folder.fold(s, profile(SENSOR, T0))).isEmpty();
  }

  @Test
  void replayingTheEventsRebuildsTheSameSnapshotWhateverTheOrderAcrossTopics() {
    var readings = new ArrayList<Object>();
    for (int i = 0; i < 6; i++) {
      readings.add(reading(SENSOR, "e" + i, T0.plusSeconds(1200L * i), 20.0 + i, 6.5));
    }
    var live = new ArrayList<Object>(readings);
    live.add(2, profile(SENSOR, T0));
    live.add(5, forecast(SENSOR, T0, 3.0));
    var replay = new ArrayList<Object>(List.of(forecast(SENSOR, T0, 3.0), profile(SENSOR, T0)));
    replay.addAll(readings);

    assertThat(foldAll(replay)).isEqualTo(foldAll(live));
    Collections.rotate(replay, 1);
    assertThat(foldAll(replay))
        .isNotEqualTo(foldAll(live)); // readings out of order are refused: order per topic matters
  }

  private SensorSnapshotUpdated foldAll(List<Object> events) {
    SensorSnapshotUpdated s = null;
    for (Object e : events) {
      s = folder.fold(s, e).orElse(s);
    }
    return s;
  }

  @Test
  void givenASnapshotThenEverySectionIsRenderedInEveryLanguageWithAShorterMeaningForTheEmbedder() {
    var s = folder.fold(null, reading(SENSOR, "e1", T0, 12.5, null)).orElseThrow();
    s = folder.fold(s, profile(SENSOR, T0)).orElseThrow();
    s = folder.fold(s, forecast(SENSOR, T0, 12.5)).orElseThrow();

    var sections = new SnapshotText().sections(s);

    assertThat(sections)
        .extracting(SnapshotText.Section::name)
        .containsExactly("readings", "profile", "forecast");
    assertThat(sections)
        .allSatisfy(
            section -> {
              assertThat(section.renderings())
                  .extracting(SnapshotText.Rendering::language)
                  .containsExactly("en", "fa", "ar");
              assertThat(section.renderings())
                  .allSatisfy(
                      r -> {
                        assertThat(r.text()).contains(SENSOR);
                        assertThat(r.meaning()).doesNotContain(SENSOR).isNotBlank();
                      });
            });
    assertThat(sections.get(0).in("ar").meaning()).startsWith("آخر قراءات التربة من مستشعرك: ");
  }
}
