package io.streamrag.agronomy.irrigation;

import java.time.LocalDate;

/**
 * Equations of FAO Irrigation and Drainage Paper 56 (Allen, Pereira, Raes, Smith 1998, "Crop
 * evapotranspiration"), numbered as there.
 */
final class Fao56 {

  /** Solar constant Gsc, MJ m⁻² min⁻¹ (eq. 21). */
  static final double SOLAR_CONSTANT = 0.0820;

  /** MJ m⁻² day⁻¹ to mm/day of evaporation equivalent: 1 / λ, λ = 2.45 MJ/kg (eq. 20). */
  static final double MJ_TO_MM = 0.408;

  private Fao56() {}

  /** Extraterrestrial radiation Ra, MJ m⁻² day⁻¹, for a latitude (degrees) and date (eq. 21). */
  static double extraterrestrialRadiation(double latitudeDegrees, LocalDate date) {
    double phi = Math.toRadians(latitudeDegrees); // eq. 22
    int j = date.getDayOfYear();
    double dr = inverseRelativeDistance(j);
    double delta = solarDeclination(j);
    double omega = sunsetHourAngle(phi, delta);
    return 24
        * 60
        / Math.PI
        * SOLAR_CONSTANT
        * dr
        * (omega * Math.sin(phi) * Math.sin(delta)
            + Math.cos(phi) * Math.cos(delta) * Math.sin(omega));
  }

  /** Inverse relative distance Earth–Sun dr for day of year J (eq. 23). */
  static double inverseRelativeDistance(int dayOfYear) {
    return 1 + 0.033 * Math.cos(2 * Math.PI / 365 * dayOfYear);
  }

  /** Solar declination δ, rad, for day of year J (eq. 24). */
  static double solarDeclination(int dayOfYear) {
    return 0.409 * Math.sin(2 * Math.PI / 365 * dayOfYear - 1.39);
  }

  /**
   * Sunset hour angle ωs, rad (eq. 25). The argument is clamped to [−1, 1] so polar day and night
   * give π and 0 instead of NaN (FAO-56 notes eq. 25 fails beyond the polar circles).
   */
  static double sunsetHourAngle(double latitudeRadians, double declination) {
    double x = -Math.tan(latitudeRadians) * Math.tan(declination);
    return Math.acos(Math.max(-1, Math.min(1, x)));
  }

  /**
   * Hargreaves reference evapotranspiration ET0, mm/day (eq. 52), Tmean the mean of Tmax and Tmin
   * as in eq. 9, Ra converted to its evaporation equivalent with 0.408.
   */
  static double hargreavesEt0(double tMin, double tMax, double raMj) {
    double tMean = (tMax + tMin) / 2;
    return 0.0023 * (tMean + 17.8) * Math.sqrt(Math.max(0, tMax - tMin)) * MJ_TO_MM * raMj;
  }

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
