package io.streamrag.agronomy.irrigation;

import static io.streamrag.agronomy.irrigation.IrrigationCases.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.field.ObservedDay;
import io.streamrag.agronomy.field.ObservedWeather;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The balance on what happened: the station's observed rain and ET0 between the moisture reading
 * and today (FAO-56 eq. 85), then the forecast. Hand-computed on {@link IrrigationCases}' maize on
 * loam: TAW 130 mm; forecast ET0 5 mm/day, so ETc 6 mm/day, p 0.51 and RAW 66.3 mm.
 */
class ObservedRainTest {

  static final LocalDate YESTERDAY = TODAY.minusDays(1);
  static final Instant YESTERDAY_MORNING = Instant.parse("2026-11-30T06:00:00Z");

  private final IrrigationAdvisor advisor = advisor();

  @Test
  void yesterdaysRainAtTheStationPutsOffAnIrrigationTheForecastAloneCalledFor() {
    // given θ 20 % read yesterday at 06:00: Dr = 1000 × (0.25 − 0.20) × 1.0 = 50 mm
    var field = field("maize", "loam", "drip", 20.0, YESTERDAY_MORNING);

    // when advised without the station, and with it: 40 mm of rain and ET0 3 mm yesterday
    var forecastOnly = advisor.advise(field, days(5.0), "en");
    var observed = advisor.advise(field, days(5.0), station(day(YESTERDAY, 40, 3.0)), "en");

    // then the forecast alone reaches RAW on day 3: 56, 62, 68 ≥ 66.3
    assertThat(forecastOnly.irrigationNeeded()).isTrue();
    assertThat(forecastOnly.nextCheckDate()).isEqualTo(TODAY.plusDays(2));
    // and with the station: Peff = 0.8 × 40 = 32, ETc = 1.2 × 3 = 3.6, Dr = 50 − 32 + 3.6 = 21.6;
    // then 27.6 … 63.6 through the forecast, below RAW
    assertThat(observed.irrigationNeeded()).isFalse();
    var p = observed.inputs().parameters();
    assertThat(p.depletionAtReadingMm()).isEqualTo(50);
    assertThat(p.depletionMm()).isEqualTo(21.6);
    var station = observed.inputs().station();
    assertThat(station.counted()).isTrue();
    assertThat(station.sinceDate()).isEqualTo(YESTERDAY);
    assertThat(station.rainMm()).isEqualTo(40);
    assertThat(observed.inputs().observed())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.source()).isEqualTo("station:demo-station");
              assertThat(d.counted()).isTrue();
              assertThat(d.effectiveRainMm()).isEqualTo(32);
              assertThat(d.depletionMm()).isEqualTo(21.6);
            });
    assertThat(observed.inputs().forecast()).allMatch(d -> d.source().equals("forecast"));
    assertThat(observed.reason())
        .startsWith(
            "Since 2026-11-30, weather station Varamin farm observed 40 mm of rain and 3 mm of"
                + " ET0, counted in the balance. ");
  }

  @Test
  void dryDaysAtTheStationDepleteTheRootZoneBeforeTheForecastStarts() {
    // given θ 22 % read two days ago at 06:00: Dr = 30 mm; two hot dry days, ET0 7 mm
    var field = field("maize", "loam", "drip", 22.0, YESTERDAY_MORNING.minusSeconds(86_400));
    var station = station(day(YESTERDAY.minusDays(1), 0, 7.0), day(YESTERDAY, 0, 7.0));

    var advice = advisor.advise(field, days(5.0), station, "en");

    // then ETc 8.4 a day: Dr = 30 + 16.8 = 46.8 now; 52.8, 58.8, 64.8, 70.8 ≥ 66.3 on day 4
    assertThat(advice.inputs().parameters().depletionMm()).isEqualTo(46.8);
    assertThat(advice.irrigationNeeded()).isTrue();
    assertThat(advice.nextCheckDate()).isEqualTo(TODAY.plusDays(3));
  }

  @Test
  void aDayMissingAtTheStationLeavesTheBalanceStartingFromTheReadingAndSaysSo() {
    var field = field("maize", "loam", "drip", 20.0, YESTERDAY_MORNING);
    var station = station(day(YESTERDAY.minusDays(1), 40, 3.0)); // nothing for yesterday

    var advice = advisor.advise(field, days(5.0), station, "en");

    assertThat(advice.inputs().parameters().depletionMm()).isEqualTo(50);
    assertThat(advice.irrigationNeeded()).isTrue();
    assertThat(advice.inputs().station().counted()).isFalse();
    assertThat(advice.inputs().observed()).allMatch(d -> !d.counted());
    assertThat(advice.reason())
        .startsWith("Weather station Varamin farm has no complete record of every day since");
  }

  @Test
  void aReadingAfterNoonStandsForTheEndOfItsDay() {
    // read yesterday at 15:00: yesterday's rain fell mostly before it, so it is not counted
    var field = field("maize", "loam", "drip", 20.0, Instant.parse("2026-11-30T15:00:00Z"));

    var advice = advisor.advise(field, days(5.0), station(day(YESTERDAY, 40, 3.0)), "en");

    assertThat(advice.inputs().station().sinceDate()).isEqualTo(TODAY);
    assertThat(advice.inputs().station().counted()).isFalse();
    assertThat(advice.inputs().parameters().depletionMm()).isEqualTo(50);
  }

  @Test
  void todaysRainSoFarCountsWhenTheForecastExpectsLess() {
    var station =
        new ObservedWeather(
            "demo-station",
            "Varamin farm",
            2.1,
            "nearest",
            ZoneOffset.UTC,
            List.of(new ObservedDay(TODAY, 3.0, 9.0, 15.0, null, null, false)));

    var advice = advisor.advise(maize(20), days(5.0), station, "en");

    var today = advice.inputs().forecast().get(0);
    assertThat(today.precipitationMm()).isEqualTo(15);
    assertThat(today.rainSource()).isEqualTo("station");
    assertThat(today.effectiveRainMm()).isEqualTo(12);
    assertThat(advice.inputs().forecast().get(1).rainSource()).isEqualTo("forecast");
  }

  @Test
  void theReasonNamesTheStationInPersianAndArabicToo() {
    var field = field("maize", "loam", "drip", 20.0, YESTERDAY_MORNING);
    var station = station(day(YESTERDAY, 40, 3.0));

    assertThat(advisor.advise(field, days(5.0), station, "fa").reason())
        .startsWith("از 2026-11-30، ایستگاه هواشناسی Varamin farm 40 میلی‌متر باران");
    assertThat(advisor.advise(field, days(5.0), station, "ar").reason())
        .startsWith("منذ 2026-11-30 رصدت محطة الأرصاد Varamin farm 40 ملم من المطر");
  }

  static ObservedDay day(LocalDate date, double rain, double et0) {
    return new ObservedDay(date, 4.0, 16.0, rain, et0, "penman-monteith", true);
  }

  static ObservedWeather station(ObservedDay... days) {
    return new ObservedWeather(
        "demo-station", "Varamin farm", 2.1, "nearest", ZoneOffset.UTC, List.of(days));
  }
}
