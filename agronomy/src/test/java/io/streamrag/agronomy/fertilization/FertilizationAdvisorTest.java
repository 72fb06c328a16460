package io.streamrag.agronomy.fertilization;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.DemoKnowledge;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.SoilNutrients;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Status and amounts on hand-computed cases. The demo tables: maize N 10/20, P 10/20, K 120/200
 * mg/kg; potato K 200/250; 1 mg/kg = 1.35 × 30 × 0.1 = 4.05 kg/ha; urea 46 % N, triple
 * superphosphate 46 % P2O5, potassium sulfate 50 % K2O.
 */
class FertilizationAdvisorTest {

  static final Instant NOW = Instant.parse("2026-12-01T06:00:00Z");

  private final FertilizationAdvisor advisor =
      new FertilizationAdvisor(
          FertilizationTables.parse(DemoKnowledge.fertilizationFiles()),
          Clock.fixed(NOW, ZoneOffset.UTC),
          Duration.ofDays(7));

  static FieldState field(String crop, Double n, Double p, Double k, Instant measuredAt) {
    return new FieldState(
        crop, null, "loam", "drip", 35.7, null, new SoilNutrients(n, p, k, measuredAt));
  }

  @Test
  void
      givenLowNitrogenAndMediumPhosphorusWhenAdvisedThenUreaAndTripleSuperphosphateFillTheDeficits() {
    // given maize with nitrate-N 8 (low), Olsen P 15 (medium), K 250 (high)
    var field = field("maize", 8.0, 15.0, 250.0, NOW.minus(Duration.ofDays(1)));

    // when
    var advice = advisor.advise(field, "en");

    // then N: (20 − 8) × 4.05 = 48.6 kg N / 0.46 = 105.7 kg urea;
    // P: (20 − 15) × 4.05 = 20.25 kg P × 2.291 = 46.4 kg P2O5 / 0.46 = 100.9 kg TSP
    assertThat(advice.fertilizerNeeded()).isTrue();
    assertThat(advice.npkStatus())
        .isEqualTo(new NpkStatus(NutrientStatus.LOW, NutrientStatus.MEDIUM, NutrientStatus.HIGH));
    assertThat(advice.products())
        .containsExactly(
            new ProductDose("N", "urea", 12, 48.6, 48.6, 46, 105.7),
            new ProductDose("P", "triple superphosphate", 5, 20.3, 46.4, 46, 100.9));
    assertThat(advice.fertilizerType()).isEqualTo("urea + triple superphosphate");
    assertThat(advice.amountKgPerHectare()).isEqualTo(206.6);
    assertThat(advice.reason())
        .isEqualTo(
            "Soil test for maize: nitrogen 8 mg/kg (low), phosphorus 15 mg/kg (medium) and"
                + " potassium 250 mg/kg (high); apply urea 105.7 kg/ha and triple superphosphate"
                + " 100.9 kg/ha (206.6 kg/ha in all).");
    assertThat(advice.missing()).isEmpty();
    assertThat(advice.stale()).isFalse();
  }

  @Test
  void
      givenPotatoWithPotassiumThatSufficesForCerealsWhenAdvisedThenItIsMediumForThisDemandingCrop() {
    // given K 220 mg/kg: high for maize (≥ 200), medium for potato (200–250)
    var advice = advisor.advise(field("potato", 25.0, 25.0, 220.0, NOW), "en");

    // then (250 − 220) × 4.05 = 121.5 kg K × 1.205 = 146.4 kg K2O / 0.50 = 292.8 kg
    assertThat(advice.npkStatus().potassium()).isEqualTo(NutrientStatus.MEDIUM);
    assertThat(advice.products())
        .containsExactly(new ProductDose("K", "potassium sulfate", 30, 121.5, 146.4, 50, 292.8));
    assertThat(advisor.advise(field("maize", 25.0, 25.0, 220.0, NOW), "en").fertilizerNeeded())
        .isFalse();
  }

  @Test
  void givenEveryNutrientHighWhenAdvisedThenNoFertilizerAndNoProduct() {
    var advice = advisor.advise(field("wheat", 20.0, 20.0, 200.0, NOW), "en");

    assertThat(advice.fertilizerNeeded()).isFalse();
    assertThat(advice.fertilizerType()).isNull();
    assertThat(advice.amountKgPerHectare()).isZero();
    assertThat(advice.products()).isEmpty();
    assertThat(advice.reason())
        .isEqualTo(
            "Soil test for wheat: nitrogen 20 mg/kg (high), phosphorus 20 mg/kg (high) and"
                + " potassium 200 mg/kg (high); all are high, so no fertilizer is needed now.");
  }

  @Test
  void givenAMissingReadingWhenAdvisedThenNothingIsRecommendedButTheKnownStatusesAreGiven() {
    var advice = advisor.advise(field("maize", 8.0, null, 250.0, NOW), "en");

    assertThat(advice.fertilizerNeeded()).isNull();
    assertThat(advice.fertilizerType()).isNull();
    assertThat(advice.amountKgPerHectare()).isNull();
    assertThat(advice.missing()).containsExactly("phosphorus");
    assertThat(advice.npkStatus())
        .isEqualTo(new NpkStatus(NutrientStatus.LOW, null, NutrientStatus.HIGH));
    assertThat(advice.reason())
        .isEqualTo("Cannot compute fertilization: missing phosphorus reading.");
  }

  @Test
  void givenNoCropOrAnUnknownOneOrNoTestTimeWhenAdvisedThenEachIsNamed() {
    assertThat(advisor.advise(field(null, 8.0, 15.0, 250.0, NOW), "en").missing())
        .containsExactly("crop");
    assertThat(advisor.advise(field("saffron", 8.0, 15.0, 250.0, null), "en").missing())
        .containsExactly("crop=saffron: not in npk-thresholds.csv", "soil_nutrients.measured_at");
    var noSoilTest = new FieldState("maize", null, null, null, null, null, null);
    assertThat(advisor.advise(noSoilTest, "en").missing())
        .containsExactly("nitrogen", "phosphorus", "potassium", "soil_nutrients.measured_at");
  }

  @Test
  void givenASoilTestOlderThanTheLimitWhenAdvisedThenItIsStaleButStillComputed() {
    var advice =
        advisor.advise(field("maize", 8.0, 15.0, 250.0, NOW.minus(Duration.ofDays(10))), "en");

    assertThat(advice.stale()).isTrue();
    assertThat(advice.fertilizerNeeded()).isTrue();
    assertThat(advice.inputs().ageDays()).isEqualTo(10);
    assertThat(advice.reason())
        .startsWith(
            "The soil test is 10 days old (more than 7 days): confirm it with a fresh test. Soil"
                + " test for maize:");
  }
}
