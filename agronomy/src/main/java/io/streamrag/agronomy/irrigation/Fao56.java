package io.streamrag.agronomy.irrigation;

/**
 * Equations of FAO Irrigation and Drainage Paper 56 (Allen, Pereira, Raes, Smith 1998, "Crop
 * evapotranspiration"), numbered as there: the root-zone water balance of Chapter 8. Reference
 * evapotranspiration (Chapters 3 and 4) is in {@link io.streamrag.agronomy.et0}.
 */
final class Fao56 {

  private Fao56() {}

  /** Total available water TAW, mm: 1000 (θFC − θWP) Zr (eq. 82). */
  static double totalAvailableWater(double thetaFc, double thetaWp, double rootDepthM) {
    return 1000 * (thetaFc - thetaWp) * rootDepthM;
  }

  /**
   * Depletion fraction p adjusted for the day's ETc: p = p(Table 22) + 0.04 (5 − ETc), kept within
   * 0.1–0.8 (Table 22, footnote): roots cannot keep up with a high demand, so less may be depleted.
   */
  static double adjustedDepletionFraction(double pTable, double etcMm) {
    return Math.max(0.1, Math.min(0.8, pTable + 0.04 * (5 - etcMm)));
  }

  /** Readily available water RAW, mm: p TAW (eq. 83). */
  static double readilyAvailableWater(double p, double taw) {
    return p * taw;
  }

  /** Root-zone depletion Dr, mm, from the root-zone water content θ: 1000 (θFC − θ) Zr (eq. 86). */
  static double depletion(double thetaFc, double theta, double rootDepthM) {
    return 1000 * (thetaFc - theta) * rootDepthM;
  }
}
