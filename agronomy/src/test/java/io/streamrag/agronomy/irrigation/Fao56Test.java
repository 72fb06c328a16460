package io.streamrag.agronomy.irrigation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** FAO-56 (Allen et al. 1998) equations against its worked examples and hand computations. */
class Fao56Test {

  @Test
  void extraterrestrialRadiationReproducesFao56Example8ForThreeSeptemberAtTwentyDegreesSouth() {
    // given FAO-56 Example 8: 3 September (J = 246) at 20°S (φ = −0.35 rad)
    LocalDate date = LocalDate.of(2015, 9, 3);
    int j = date.getDayOfYear();

    // when
    double ra = Fao56.extraterrestrialRadiation(-20, date);

    // then the example's published intermediate values and result
    assertThat(j).isEqualTo(246);
    assertThat(Fao56.inverseRelativeDistance(j)).isCloseTo(0.985, within(0.0005));
    assertThat(Fao56.solarDeclination(j)).isCloseTo(0.120, within(0.0005));
    assertThat(Fao56.sunsetHourAngle(Math.toRadians(-20), Fao56.solarDeclination(j)))
        .isCloseTo(1.527, within(0.0005));
    assertThat(ra).isCloseTo(32.2, within(0.05));
    assertThat(ra * Fao56.MJ_TO_MM).isCloseTo(13.1, within(0.05)); // mm/day, as in the example
  }

  @Test
  void extraterrestrialRadiationAtMidSeptemberIsHigherThanTheExampleAsTheSunMovesSouth() {
    // 15 September (J = 258) at 20°S: hand computation with eqs. 21-25 gives 34.25
    assertThat(Fao56.extraterrestrialRadiation(-20, LocalDate.of(2015, 9, 15)))
        .isCloseTo(34.25, within(0.01));
  }

  @Test
  void hargreavesGivesTheHandComputedEt0() {
    // given Ra of Example 8 (32.19 MJ), Tmin 18 °C and Tmax 30 °C
    double ra = Fao56.extraterrestrialRadiation(-20, LocalDate.of(2015, 9, 3));

    // when
    double et0 = Fao56.hargreavesEt0(18, 30, ra);

    // then 0.0023 × (24 + 17.8) × √12 × 0.408 × 32.194 = 4.37 mm/day
    assertThat(et0).isCloseTo(4.3745, within(0.0005));
  }

  @Test
  void tawAndRawFollowEquations82And83ForMaizeOnLoam() {
    // given loam θFC 0.25, θWP 0.12 (soil-water.csv), maize Zr 1.0 m and p 0.55 (Table 22)
    double taw = Fao56.totalAvailableWater(0.25, 0.12, 1.0);

    // then TAW = 1000 × 0.13 × 1.0 = 130 mm and RAW = 0.55 × 130 = 71.5 mm
    assertThat(taw).isCloseTo(130, within(1e-9));
    assertThat(Fao56.readilyAvailableWater(0.55, taw)).isCloseTo(71.5, within(1e-9));
  }

  @Test
  void depletionFractionFollowsTable22FootnoteAndStaysWithinItsLimits() {
    assertThat(Fao56.adjustedDepletionFraction(0.55, 5)).isCloseTo(0.55, within(1e-9));
    assertThat(Fao56.adjustedDepletionFraction(0.55, 8)).isCloseTo(0.43, within(1e-9));
    assertThat(Fao56.adjustedDepletionFraction(0.55, 1)).isCloseTo(0.71, within(1e-9));
    assertThat(Fao56.adjustedDepletionFraction(0.65, 0)).isEqualTo(0.8);
    assertThat(Fao56.adjustedDepletionFraction(0.20, 12)).isEqualTo(0.1);
  }

  @Test
  void depletionFromMoistureFollowsEquation86() {
    // θ 0.18 in a loam root zone of 1.0 m: Dr = 1000 × (0.25 − 0.18) × 1.0 = 70 mm
    assertThat(Fao56.depletion(0.25, 0.18, 1.0)).isCloseTo(70, within(1e-9));
  }

  @Test
  void sunsetHourAngleStaysDefinedInPolarDayAndNight() {
    double midsummer = Fao56.solarDeclination(172);

    assertThat(Fao56.sunsetHourAngle(Math.toRadians(75), midsummer)).isEqualTo(Math.PI);
    assertThat(Fao56.sunsetHourAngle(Math.toRadians(-75), midsummer)).isZero();
  }
}
