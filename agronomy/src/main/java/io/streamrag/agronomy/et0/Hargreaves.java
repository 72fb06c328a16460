package io.streamrag.agronomy.et0;

/**
 * The Hargreaves equation (FAO-56 eq. 52), FAO-56's fallback when solar radiation, humidity or wind
 * are missing: it needs only the day's temperature extremes and Ra.
 */
public final class Hargreaves {

  private Hargreaves() {}

  /**
   * ET0, mm/day: 0.0023 (Tmean + 17.8) (Tmax − Tmin)^0.5 Ra, with Tmean the mean of Tmax and Tmin
   * (eq. 9) and Ra converted to its evaporation equivalent with 0.408 (eq. 20).
   *
   * @param ra extraterrestrial radiation, MJ m⁻² day⁻¹ (eq. 21)
   */
  public static double et0(double tMin, double tMax, double ra) {
    double tMean = (tMax + tMin) / 2;
    return 0.0023 * (tMean + 17.8) * Math.sqrt(Math.max(0, tMax - tMin)) * Radiation.MJ_TO_MM * ra;
  }
}
