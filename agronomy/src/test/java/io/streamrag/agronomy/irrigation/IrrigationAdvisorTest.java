package io.streamrag.agronomy.irrigation;

import static io.streamrag.agronomy.irrigation.IrrigationCases.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The water balance on hand-computed cases (see {@link IrrigationCases} for the field). */
class IrrigationAdvisorTest {

  private final IrrigationAdvisor advisor = advisor();

  @Test
  void
      givenDepletionAboveRawWhenAdvisedThenIrrigateNowToFieldCapacityAndCheckWhenRawIsReachedAgain() {
    // given θ 18 %: Dr = 1000 × (0.25 − 0.18) × 1.0 = 70 mm; ET0 8 mm/day, so ETc = 9.6 mm/day,
    // p = 0.55 + 0.04 × (5 − 9.6) = 0.366 and RAW = 0.366 × 130 = 47.6 mm
    var advice = advisor.advise(maize(18), days(8.0), "en");

    // then 70 ≥ 47.6: apply 70 / 0.90 = 77.8 mm; refilled, Dr reaches 5 × 9.6 = 48 ≥ 47.6 on day 5
    assertThat(advice.irrigationNeeded()).isTrue();
    assertThat(advice.amountMm()).isEqualTo(77.8);
    assertThat(advice.nextCheckDate()).isEqualTo(LocalDate.of(2026, 12, 5));
    assertThat(advice.nextCheckBasis()).isEqualTo("raw_reached_after_irrigation");
    var p = advice.inputs().parameters();
    assertThat(p.tawMm()).isEqualTo(130);
    assertThat(p.depletionMm()).isEqualTo(70);
    assertThat(p.p()).isEqualTo(0.366);
    assertThat(p.rawMm()).isEqualTo(47.6);
    assertThat(p.kc()).isEqualTo(1.2);
    assertThat(p.efficiency()).isEqualTo(0.9);
    assertThat(advice.reason())
        .isEqualTo(
            "Root-zone depletion 70 mm is at or above the 47.6 mm allowed (RAW) for maize; apply"
                + " 77.8 mm by drip (90 % efficiency); check again on 2026-12-05.");
    assertThat(advice.missing()).isEmpty();
    assertThat(advice.stale()).isFalse();
    assertThat(advice.rawResponse()).isNull();
  }

  @Test
  void givenDepletionReachingRawBeforeTheRainWhenAdvisedThenIrrigateOnThatDay() {
    // given θ 21 %: Dr = 40 mm; ETc = 1.2 × 5 = 6 mm/day, p = 0.51, RAW = 66.3 mm;
    // 20 mm of rain only on day 6
    var forecast = withRain(days(5.0), TODAY.plusDays(5), 20);

    // when
    var advice = advisor.advise(maize(21), forecast, "en");

    // then Dr 46, 52, 58, 64, 70: RAW is passed on day 5, before the rain; 70 / 0.9 = 77.8 mm
    assertThat(advice.irrigationNeeded()).isTrue();
    assertThat(advice.amountMm()).isEqualTo(77.8);
    assertThat(advice.nextCheckDate()).isEqualTo(LocalDate.of(2026, 12, 5));
    assertThat(advice.nextCheckBasis()).isEqualTo("raw_reached");
    assertThat(advice.inputs().forecast())
        .extracting(BalanceDay::depletionMm)
        .startsWith(46.0, 52.0, 58.0, 64.0, 70.0);
    assertThat(advice.reason())
        .isEqualTo(
            "Root-zone depletion 40 mm is below the 66.3 mm allowed (RAW) for maize but will"
                + " reach it on 2026-12-05, before any useful rain; apply 77.8 mm by drip (90 %"
                + " efficiency) on 2026-12-05.");
  }

  @Test
  void givenRainBeforeDepletionReachesRawWhenAdvisedThenNoIrrigationAndCheckWhenRawIsReached() {
    // given Dr 40 mm, ETc 6 mm/day, RAW 66.3 mm, and 10 mm of rain on day 3: 0.8 × 10 = 8 mm count
    var forecast = withRain(days(5.0), TODAY.plusDays(2), 10);

    // when
    var advice = advisor.advise(maize(21), forecast, "en");

    // then Dr 46, 52, 50, 56, 62, 68: RAW is reached on day 6, after the rain
    assertThat(advice.irrigationNeeded()).isFalse();
    assertThat(advice.amountMm()).isZero();
    assertThat(advice.nextCheckDate()).isEqualTo(LocalDate.of(2026, 12, 6));
    assertThat(advice.nextCheckBasis()).isEqualTo("raw_reached");
    assertThat(advice.inputs().forecast().get(2).effectiveRainMm()).isEqualTo(8);
    assertThat(advice.reason())
        .isEqualTo(
            "Root-zone depletion 40 mm is below the 66.3 mm allowed (RAW) for maize; 8 mm of"
                + " effective rain expected on 2026-12-03 comes before it would reach RAW; check"
                + " again on 2026-12-06.");
  }

  @Test
  void givenDepletionStayingBelowRawWhenAdvisedThenCheckTheDayAfterTheForecastEnds() {
    // given θ 24 %: Dr 10 mm; after 7 days of 6 mm Dr is 52 mm, still below 66.3
    var advice = advisor.advise(maize(24), days(5.0), "en");

    assertThat(advice.irrigationNeeded()).isFalse();
    assertThat(advice.nextCheckDate()).isEqualTo(LocalDate.of(2026, 12, 8));
    assertThat(advice.nextCheckBasis()).isEqualTo("forecast_ends");
    assertThat(advice.reason())
        .isEqualTo(
            "Root-zone depletion 10 mm is below the 66.3 mm allowed (RAW) for maize and stays"
                + " below it until the forecast ends on 2026-12-07; check again on 2026-12-08.");
  }

  @Test
  void givenSoilWetterThanFieldCapacityWhenAdvisedThenDepletionIsZeroNotNegative() {
    var advice = advisor.advise(maize(30), days(5.0), "en");

    assertThat(advice.inputs().parameters().depletionMm()).isZero();
    assertThat(advice.irrigationNeeded()).isFalse();
  }

  @Test
  void givenAForecastWithoutEt0WhenAdvisedThenHargreavesGivesItFromLatitudeAndTemperatures() {
    // given Tehran (35.7°N) on 1 December, Tmin 4 °C and Tmax 17 °C, no ET0 on the first day:
    // Ra = 16.99 MJ m-2 day-1 (eqs. 21-25, J = 335) and
    // ET0 = 0.0023 × (10.5 + 17.8) × √13 × 0.408 × 16.99 = 1.63 mm/day (eq. 52)
    var forecast = days(5.0);
    forecast.set(0, new io.streamrag.agronomy.field.ForecastDay(TODAY, 4.0, 17.0, 0.0, null));

    // when
    var advice = advisor.advise(maize(24), forecast, "en");

    // then
    var first = advice.inputs().forecast().get(0);
    assertThat(first.et0Source()).isEqualTo("hargreaves");
    assertThat(first.et0Mm()).isEqualTo(1.6);
    assertThat(first.etcMm()).isEqualTo(2.0); // 1.2 × 1.627 = 1.95
    assertThat(advice.inputs().forecast().get(1).et0Source()).isEqualTo("forecast");
  }

  @Test
  void givenAGrowthStageWhenAdvisedThenKcIsThatStagesAndWithoutOneMidSeasonIsAssumedAndSaid() {
    var initial =
        new io.streamrag.agronomy.field.FieldState(
            "maize", "initial", "loam", "drip", 35.7, maize(24).moisture(), null);
    var development =
        new io.streamrag.agronomy.field.FieldState(
            "maize", "Development", "loam", "drip", 35.7, maize(24).moisture(), null);

    assertThat(advisor.advise(initial, days(5.0), "en").inputs().parameters().kc()).isEqualTo(0.3);
    assertThat(advisor.advise(development, days(5.0), "en").inputs().parameters().kc())
        .isEqualTo(0.75); // the stage's mean of 0.3 and 1.20 (eq. 66's straight line)
    var assumed = advisor.advise(maize(24), days(5.0), "en").inputs().parameters();
    assertThat(assumed.kcStage()).isEqualTo("mid");
    assertThat(assumed.kcStageAssumed()).isTrue();
  }

  @Test
  void givenNamesAsFarmersWriteThemWhenAdvisedThenAliasesFindTheRows() {
    var corn = field("corn", "Loam", "Drip", 21.0, NOW);
    var persian = field("ذرت", "clay_loam", "قطره‌ای", 21.0, NOW);

    assertThat(advisor.advise(corn, days(5.0), "en").missing()).isEmpty();
    assertThat(advisor.advise(persian, days(5.0), "fa").missing()).isEmpty();
    assertThat(advisor.advise(persian, days(5.0), "fa").inputs().parameters().thetaFc())
        .isCloseTo(0.318, within(1e-9));
  }
}
