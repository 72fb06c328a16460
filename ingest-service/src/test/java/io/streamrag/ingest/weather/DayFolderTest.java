package io.streamrag.ingest.weather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamrag.schemas.Ids;
import io.streamrag.schemas.weather.DailyObservation;
import io.streamrag.schemas.weather.IntervalObservation;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A station's observations folded into its local days, as ingest keeps them. */
class DayFolderTest {

  /** FAO-56 Example 18's station: Uccle, 50°48'N, 100 m; UTC as its zone for simple hours. */
  static final StationRegistered UCCLE =
      new StationRegistered("uccle", "Uccle", 50.8, 4.35, 100.0, "UTC", "h", Instant.EPOCH);

  final DayFolder folder = new DayFolder();
  final Map<LocalDate, WeatherDayObserved> days = new HashMap<>();

  @Test
  void example18sDailyRecordGivesThreePointNineMillimetresByPenmanMonteith() {
    // Example 18's day; its wind, 10 km/h at 10 m; Rs 22.07 MJ from its sunshine hours
    var day = fold(daily("2026-07-06", 21.5, 12.3, 84, 63, 10 / 3.6, 10, 22.07, 0)).get(0).getDay();

    assertThat(day.getEt0Mm()).isCloseTo(3.9, within(0.05));
    assertThat(day.getEt0Method()).isEqualTo("penman-monteith");
    assertThat(day.getWindSpeed()).isCloseTo(2.078, within(0.001));
    assertThat(day.getComplete()).isTrue();
  }

  @Test
  void aDayWithoutRadiationSaysItFellBackToHargreaves() {
    var day = fold(daily("2026-07-06", 21.5, 12.3, 84, 63, 2.078, 2, null, 0)).get(0).getDay();

    assertThat(day.getEt0Method()).isEqualTo("hargreaves");
    assertThat(day.getEt0Mm()).isCloseTo(4.06, within(0.01));
  }

  @Test
  void twentyFourHourlyRecordsMakeACompleteDayWithItsRainRadiationAndExtremes() {
    // a sine-shaped day: 0 W/m² at night, 600 at noon; 0.5 mm an hour from 14:00 to 18:00
    for (int h = 1; h <= 24; h++) {
      double sun = Math.max(0, 600 * Math.sin(Math.PI * (h - 6.5) / 14));
      double t = 12.3 + 9.2 * Math.max(0, Math.sin(Math.PI * (h - 6) / 18));
      double rain = h > 14 && h <= 18 ? 0.5 : 0;
      fold(hour("2026-07-06T00:00:00Z", h, t, h < 12 ? 84 : 63, 2.078, sun, rain, 3600));
    }

    var day = days.get(LocalDate.parse("2026-07-06")).getDay();
    assertThat(day.getRainMm()).isCloseTo(2.0, within(1e-9));
    assertThat(day.getTMax()).isCloseTo(21.5, within(0.01));
    assertThat(day.getTMin()).isCloseTo(12.3, within(0.01));
    assertThat(day.getCoverageS()).isEqualTo(86_400);
    assertThat(day.getComplete()).isTrue();
    double joules = 0;
    for (int h = 1; h <= 24; h++) {
      joules += Math.max(0, 600 * Math.sin(Math.PI * (h - 6.5) / 14)) * 3600;
    }
    assertThat(day.getSolarRadiationMj()).isCloseTo(joules / 1e6, within(1e-9));
    assertThat(day.getEt0Method()).isEqualTo("penman-monteith");
    assertThat(day.getObservations()).isEqualTo(24);
  }

  @Test
  void aRepeatedRecordAddsNothingAndAnHourAfterItsQuarterAddsTheOtherThreeQuarters() {
    fold(hour("2026-07-06T00:00:00Z", 10, 15, 70, 2, 300, 1.0, 3600)); // 09:00-10:00, 1 mm

    assertThat(fold(hour("2026-07-06T00:00:00Z", 10, 15, 70, 2, 300, 1.0, 3600))).isEmpty();
    fold(quarter("2026-07-06T10:15:00Z", 0.4)); // 10:00-10:15
    fold(hour("2026-07-06T00:00:00Z", 11, 15, 70, 2, 300, 2.0, 3600)); // 10:00-11:00, 2 mm

    var day = days.get(LocalDate.parse("2026-07-06")).getDay();
    assertThat(day.getRainMm()).as("1 + 0.4 + 2 × 3/4").isCloseTo(2.9, within(1e-9));
    assertThat(day.getCoverageS()).isEqualTo(7200);
    assertThat(day.getComplete()).isFalse();
    assertThat(day.getEt0Mm()).as("the morning is not the day").isNull();
  }

  @Test
  void anIntervalAcrossMidnightIsSplitBetweenItsTwoDays() {
    var before = fold(hour("2026-07-06T22:00:00Z", 0, 14, 80, 1.5, 0, 3.0, 7200)); // 20:00-22:00
    var across = fold(hour("2026-07-07T01:00:00Z", 0, 13, 82, 1.5, 0, 4.0, 7200)); // 23:00-01:00

    assertThat(before).extracting(d -> d.getDay().getDate()).containsExactly("2026-07-06");
    assertThat(across)
        .extracting(d -> d.getDay().getDate())
        .containsExactly("2026-07-06", "2026-07-07");
    assertThat(days.get(LocalDate.parse("2026-07-06")).getDay().getRainMm())
        .as("3 mm, then half of 4 mm for 23:00-24:00")
        .isCloseTo(5.0, within(1e-9));
    assertThat(days.get(LocalDate.parse("2026-07-07")).getDay().getRainMm())
        .as("the other half")
        .isCloseTo(2.0, within(1e-9));
  }

  @Test
  void anIntervalWithoutItsLengthCountsFromThePreviousRecordOrOnlyItsRain() {
    fold(hour("2026-07-06T00:00:00Z", 9, 15, 70, 2, 300, 0, 3600)); // 08:00-09:00
    var lengthless = interval(Instant.parse("2026-07-06T09:30:00Z"), null, 15, 70, 2, 300, 1.0);

    fold(lengthless);

    var day = days.get(LocalDate.parse("2026-07-06")).getDay();
    assertThat(day.getCoverageS()).as("09:00-09:30 from the previous record").isEqualTo(5400);
    assertThat(day.getRainMm()).isCloseTo(1.0, within(1e-9));
    fold(interval(Instant.parse("2026-07-06T20:00:00Z"), null, 15, 70, 2, 0, 0.6));
    day = days.get(LocalDate.parse("2026-07-06")).getDay();
    assertThat(day.getCoverageS()).as("10.5 h after its predecessor: no duration").isEqualTo(5400);
    assertThat(day.getRainMm()).isCloseTo(1.6, within(1e-9));
  }

  @Test
  void theStationsDailySummaryStandsAgainstLaterIntervals() {
    fold(daily("2026-07-06", 21.5, 12.3, 84, 63, 2, 2, 22.07, 12.5));

    assertThat(fold(hour("2026-07-06T00:00:00Z", 12, 30, 20, 5, 900, 40, 3600))).isEmpty();
    assertThat(days.get(LocalDate.parse("2026-07-06")).getDay().getRainMm()).isEqualTo(12.5);
  }

  @Test
  void localDaysFollowTheStationsZone() {
    var tehran =
        new StationRegistered("t", "Tehran", 35.7, 51.4, 1190.0, "Asia/Tehran", "h", Instant.EPOCH);
    // 21:00 UTC on 5 December is 00:30 on 6 December in Tehran
    var folded =
        folder.fold(
            interval(Instant.parse("2026-12-05T21:00:00Z"), 600, 6, 80, 1, 0, 0.2),
            tehran,
            date -> Optional.empty());

    assertThat(folded).extracting(d -> d.getDay().getDate()).containsExactly("2026-12-06");
  }

  private List<WeatherDayObserved> fold(WeatherObserved o) {
    var out = folder.fold(o, UCCLE, date -> Optional.ofNullable(days.get(date)));
    out.forEach(d -> days.put(LocalDate.parse(d.getDay().getDate()), d));
    return out;
  }

  static WeatherObserved daily(
      String date,
      double tMax,
      double tMin,
      double rhMax,
      double rhMin,
      double wind,
      double height,
      Double rs,
      double rain) {
    var d = new DailyObservation(date, tMax, tMin, rhMax, rhMin, wind, height, rs, rain);
    return new WeatherObserved(Ids.of("uccle", date, "" + rain), "uccle", "http", d, Instant.now());
  }

  /** The hour ending {@code endHour} hours after {@code midnight}. */
  static WeatherObserved hour(
      String midnight,
      int endHour,
      double t,
      double rh,
      double wind,
      double sun,
      double rain,
      int seconds) {
    return interval(
        Instant.parse(midnight).plusSeconds(endHour * 3600L), seconds, t, rh, wind, sun, rain);
  }

  static WeatherObserved quarter(String end, double rain) {
    return interval(Instant.parse(end), 900, 15, 70, 2, 300, rain);
  }

  static WeatherObserved interval(
      Instant end, Integer seconds, double t, double rh, double wind, double sun, double rain) {
    var i = new IntervalObservation(end, seconds, t, rh, wind, 2.0, sun, rain);
    return new WeatherObserved(
        Ids.of("uccle", end.toString(), "" + seconds), "uccle", "http", i, Instant.now());
  }
}
