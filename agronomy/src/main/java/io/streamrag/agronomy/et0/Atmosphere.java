package io.streamrag.agronomy.et0;

/**
 * FAO-56 Chapter 3's atmospheric and humidity equations (Allen, Pereira, Raes, Smith 1998, "Crop
 * evapotranspiration", FAO Irrigation and Drainage Paper 56), numbered as there.
 */
public final class Atmosphere {

  private Atmosphere() {}

  /** Atmospheric pressure P, kPa, at an elevation above sea level, m (eq. 7). */
  public static double pressure(double elevationM) {
    return 101.3 * Math.pow((293 - 0.0065 * elevationM) / 293, 5.26);
  }

  /** Psychrometric constant γ, kPa/°C, at a pressure, kPa (eq. 8). */
  public static double psychrometricConstant(double pressureKpa) {
    return 0.665e-3 * pressureKpa;
  }

  /** Saturation vapour pressure e°(T), kPa, at an air temperature, °C (eq. 11). */
  public static double saturationVapourPressure(double t) {
    return 0.6108 * Math.exp(17.27 * t / (t + 237.3));
  }

  /**
   * Mean saturation vapour pressure es, kPa: the mean of e° at Tmax and Tmin, not e° of the mean
   * temperature, which the curve's convexity would underestimate (eq. 12).
   */
  public static double meanSaturationVapourPressure(double tMin, double tMax) {
    return (saturationVapourPressure(tMax) + saturationVapourPressure(tMin)) / 2;
  }

  /** Slope Δ of the saturation vapour pressure curve, kPa/°C, at a temperature, °C (eq. 13). */
  public static double saturationSlope(double t) {
    return 4098 * saturationVapourPressure(t) / Math.pow(t + 237.3, 2);
  }

  /**
   * Actual vapour pressure ea, kPa, from the day's extremes of temperature and relative humidity
   * (eq. 17): the air is nearest saturation at its coolest, driest at its warmest.
   */
  public static double actualVapourPressure(
      double tMin, double tMax, double rhMaxPercent, double rhMinPercent) {
    return (saturationVapourPressure(tMin) * rhMaxPercent / 100
            + saturationVapourPressure(tMax) * rhMinPercent / 100)
        / 2;
  }

  /**
   * Wind speed at 2 m, m/s, from a speed measured at {@code heightM} above the ground, by the
   * logarithmic profile over short grass (eq. 47).
   */
  public static double windAt2m(double speed, double heightM) {
    return heightM == 2 ? speed : speed * 4.87 / Math.log(67.8 * heightM - 5.42);
  }
}
