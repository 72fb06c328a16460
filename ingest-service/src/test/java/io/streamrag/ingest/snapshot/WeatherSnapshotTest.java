package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.SensorEvents.reading;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.DailyStat;
import io.streamrag.schemas.weather.FieldWeather;
import io.streamrag.schemas.weather.StationDay;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A field's weather in its snapshot: the station's days in words, and daily soil moisture. */
class WeatherSnapshotTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  final SnapshotFolder folder = new SnapshotFolder(new SnapshotText());

  @Test
  void theStationsYesterdayAndTodayLeadTheWeatherSectionInEveryLanguage() {
    var snapshot = folder.fold(null, new WeatherChanged(SENSOR, weather())).orElseThrow();

    assertThat(snapshot.getTextEn())
        .contains(
            "Yesterday, 2026-12-04, 12.5 mm of rain fell on your field, measured at"
                + " weather station Varamin farm (demo-station); ET0 was 1.1 mm (Penman-Monteith)")
        .contains("Today so far, 0.4 mm of rain has fallen")
        .contains("2.1 km from your field")
        .contains("Over the last 2 full days: rain 12.5 mm, ET0 3.2 mm.");
    assertThat(snapshot.getTextFa()).contains("دیروز، 2026-12-04، 12.5 میلی‌متر باران");
    assertThat(snapshot.getTextAr()).contains("أمس، 2026-12-04، هطل 12.5 ملم من المطر");
    var section = new SnapshotText().sections(snapshot).get(0);
    assertThat(section.citation()).isEqualTo("station/demo-station");
    assertThat(section.in("en").meaning())
        .as("what is embedded leaves out the field's own id and distance")
        .doesNotContain(SENSOR)
        .doesNotContain("2.1 km");
  }

  @Test
  void theSameWeatherAgainChangesNothingAndAnUnlinkClearsIt() {
    var linked = folder.fold(null, new WeatherChanged(SENSOR, weather())).orElseThrow();

    assertThat(folder.fold(linked, new WeatherChanged(SENSOR, weather()))).isEmpty();
    var unlinked = folder.fold(linked, new WeatherChanged(SENSOR, null)).orElseThrow();
    assertThat(unlinked.getWeather()).isNull();
    assertThat(unlinked.getTextEn()).doesNotContain("Weather observed");
  }

  @Test
  void soilMoistureIsKeptPerLocalDayOfTheStationForTheLastWeek() {
    var linked = folder.fold(null, new WeatherChanged(SENSOR, weather())).orElseThrow();
    // 21:00 UTC on 3 December is 00:30 on 4 December in Tehran
    var s =
        folder
            .fold(linked, reading(SENSOR, "a", Instant.parse("2026-12-03T19:00:00Z"), 20.0, null))
            .orElseThrow();
    s =
        folder
            .fold(s, reading(SENSOR, "b", Instant.parse("2026-12-03T21:00:00Z"), 18.0, null))
            .orElseThrow();
    s =
        folder
            .fold(s, reading(SENSOR, "c", Instant.parse("2026-12-04T06:00:00Z"), 26.0, null))
            .orElseThrow();
    s =
        folder
            .fold(s, reading(SENSOR, "d", Instant.parse("2026-12-12T06:00:00Z"), 24.0, null))
            .orElseThrow();

    assertThat(s.getDaily())
        .extracting(DailyStat::getDate, DailyStat::getLast)
        .as("4 December dropped out a week later")
        .containsExactly(org.assertj.core.groups.Tuple.tuple("2026-12-12", 24.0));
    var week =
        folder
            .fold(linked, reading(SENSOR, "a", Instant.parse("2026-12-03T19:00:00Z"), 20.0, null))
            .orElseThrow();
    week =
        folder
            .fold(week, reading(SENSOR, "b", Instant.parse("2026-12-03T21:00:00Z"), 18.0, null))
            .orElseThrow();
    week =
        folder
            .fold(week, reading(SENSOR, "c", Instant.parse("2026-12-04T06:00:00Z"), 26.0, null))
            .orElseThrow();
    assertThat(week.getDaily())
        .extracting(DailyStat::getDate, DailyStat::getMin, DailyStat::getMax, DailyStat::getLast)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("2026-12-03", 20.0, 20.0, 20.0),
            org.assertj.core.groups.Tuple.tuple("2026-12-04", 18.0, 26.0, 26.0));
  }

  static FieldWeather weather() {
    return new FieldWeather(
        "demo-station",
        "Varamin farm",
        2.1,
        "nearest",
        "Asia/Tehran",
        List.of(
            day("2026-12-03", 0, 2.1, true),
            day("2026-12-04", 12.5, 1.1, true),
            day("2026-12-05", 0.4, null, false)),
        Instant.parse("2026-12-05T08:00:00Z"));
  }

  static StationDay day(String date, double rain, Double et0, boolean complete) {
    return new StationDay(
        date,
        16.0,
        4.0,
        90.0,
        45.0,
        1.8,
        9.5,
        rain,
        et0,
        et0 == null ? null : "penman-monteith",
        complete,
        complete ? 86_400 : 30_000,
        complete ? 1 : 12);
  }
}
