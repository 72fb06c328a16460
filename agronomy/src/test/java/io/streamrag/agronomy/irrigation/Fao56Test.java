package io.streamrag.agronomy.irrigation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** FAO-56 (Allen et al. 1998) water-balance equations against hand computations. */
class Fao56Test {

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
}
