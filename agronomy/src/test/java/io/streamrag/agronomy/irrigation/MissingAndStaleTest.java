package io.streamrag.agronomy.irrigation;

import static io.streamrag.agronomy.irrigation.IrrigationCases.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Missing or stale data gets a precise answer, never a guess. */
class MissingAndStaleTest {

  private final IrrigationAdvisor advisor = advisor();

  @Test
  void givenNoCropAndNoSoilTextureWhenAdvisedThenNothingIsComputedAndBothAreNamed() {
    // when
    var advice = advisor.advise(field(null, " ", "drip", 21.0, NOW), days(5.0), "en");

    // then
    assertThat(advice.irrigationNeeded()).isNull();
    assertThat(advice.amountMm()).isNull();
    assertThat(advice.nextCheckDate()).isNull();
    assertThat(advice.missing()).containsExactly("crop", "soil_texture");
    assertThat(advice.reason())
        .isEqualTo("Cannot compute irrigation: missing crop and soil texture.");
    assertThat(advice.inputs().parameters()).isNull();
    assertThat(advice.inputs().readings()).extracting(Layer::moisturePercent).containsExactly(21.0);
    assertThat(advice.inputs().forecast()).hasSize(7).allMatch(d -> d.etcMm() == null);
  }

  @Test
  void givenValuesTheTablesDoNotKnowWhenAdvisedThenEachIsNamedWithItsTable() {
    var advice = advisor.advise(field("saffron", "peat", "bucket", 21.0, NOW), days(5.0), "en");

    assertThat(advice.irrigationNeeded()).isNull();
    assertThat(advice.missing())
        .containsExactly(
            "crop=saffron: not in crops.csv",
            "soil_texture=peat: not in soil-water.csv",
            "irrigation_method=bucket: not in irrigation-methods.csv");
  }

  @Test
  void givenNoReadingOrNoReadingTimeWhenAdvisedThenTheMoistureInputIsNamed() {
    assertThat(advisor.advise(field("maize", "loam", "drip", null, NOW), days(5.0), "en").missing())
        .containsExactly("soil_moisture");
    assertThat(
            advisor.advise(field("maize", "loam", "drip", 21.0, null), days(5.0), "en").missing())
        .containsExactly("soil_moisture.measured_at");
  }

  @Test
  void givenNoForecastAheadWhenAdvisedThenTheForecastIsNamed() {
    var yesterday = List.of(new ForecastDay(TODAY.minusDays(1), 4.0, 17.0, 0.0, 2.0));

    assertThat(advisor.advise(maize(21), List.of(), "en").missing()).containsExactly("forecast");
    assertThat(advisor.advise(maize(21), yesterday, "en").missing()).containsExactly("forecast");
  }

  @Test
  void givenAForecastDayWithoutEt0AndNoLatitudeWhenAdvisedThenLatitudeIsNamed() {
    var forecast = days(5.0);
    forecast.set(2, new ForecastDay(TODAY.plusDays(2), 4.0, null, 0.0, null));
    var field = maize(21);
    var noLatitude =
        new FieldState(
            field.crop(),
            null,
            field.soilTexture(),
            field.irrigationMethod(),
            null,
            field.moisture(),
            null);

    var advice = advisor.advise(noLatitude, forecast, "en");

    assertThat(advice.missing()).containsExactly("forecast[2026-12-03].t_max", "latitude");
  }

  @Test
  void givenAnUnknownGrowthStageWhenAdvisedThenItIsNamedWithTheStagesItCouldBe() {
    var field = maize(21);
    var flowering =
        new FieldState("maize", "flowering", "loam", "drip", 35.7, field.moisture(), null);

    assertThat(advisor.advise(flowering, days(5.0), "en").missing())
        .containsExactly("growth_stage=flowering: not initial, development, mid or late");
  }

  @Test
  void givenAReadingOlderThanTheLimitWhenAdvisedThenItIsStaleButStillComputedAndTheReasonSaysSo() {
    // given the "needed now" case measured 30 hours ago, the limit being 24 hours
    var old = field("maize", "loam", "drip", 18.0, NOW.minus(Duration.ofHours(30)));

    // when
    var advice = advisor.advise(old, days(8.0), "en");

    // then
    assertThat(advice.stale()).isTrue();
    assertThat(advice.irrigationNeeded()).isTrue();
    assertThat(advice.amountMm()).isEqualTo(77.8);
    assertThat(advice.inputs().ageHours()).isEqualTo(30);
    assertThat(advice.reason())
        .startsWith(
            "The moisture reading is 30 h old (more than 24 h): confirm it with a fresh reading."
                + " Root-zone depletion 70 mm");
  }

  @Test
  void givenPastDaysAndAGapWhenAdvisedThenOnlyTheConsecutiveDaysFromTodayAreUsed() {
    var forecast =
        List.of(
            new ForecastDay(TODAY.minusDays(1), 4.0, 17.0, 0.0, 2.0),
            new ForecastDay(TODAY.plusDays(1), 4.0, 17.0, 0.0, 2.0),
            new ForecastDay(TODAY, 4.0, 17.0, 0.0, 2.0),
            new ForecastDay(TODAY.plusDays(3), 4.0, 17.0, 0.0, 2.0));

    assertThat(IrrigationAdvisor.daysAhead(forecast, TODAY))
        .extracting(ForecastDay::date)
        .containsExactly(TODAY, TODAY.plusDays(1));
  }
}
