package io.streamrag.agronomy.et0;

/**
 * The FAO Penman-Monteith equation for the grass reference surface (FAO-56 eq. 6), daily: G, the
 * soil heat flux, is about 0 over one day (eq. 42) and is an argument only for longer periods.
 */
public final class PenmanMonteith {

  private PenmanMonteith() {}

  /**
   * ET0, mm/day (eq. 6).
   *
   * @param rn net radiation at the crop surface, MJ m⁻² day⁻¹
   * @param g soil heat flux density, MJ m⁻² day⁻¹ (0 for a day, eq. 42)
   * @param tMean mean daily air temperature at 2 m, °C (eq. 9)
   * @param u2 wind speed at 2 m, m/s
   * @param es mean saturation vapour pressure, kPa (eq. 12)
   * @param ea actual vapour pressure, kPa
   * @param slope Δ at tMean, kPa/°C (eq. 13)
   * @param gamma γ, kPa/°C (eq. 8)
   */
  public static double et0(
      double rn,
      double g,
      double tMean,
      double u2,
      double es,
      double ea,
      double slope,
      double gamma) {
    double radiation = 0.408 * slope * (rn - g);
    double aerodynamic = gamma * 900 / (tMean + 273) * u2 * (es - ea);
    return Math.max(0, (radiation + aerodynamic) / (slope + gamma * (1 + 0.34 * u2)));
  }
}
