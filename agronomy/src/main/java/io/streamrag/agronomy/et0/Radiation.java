package io.streamrag.agronomy.et0;

import java.time.LocalDate;

/** FAO-56 Chapter 3's radiation equations, numbered as there. Energies in MJ m⁻² day⁻¹. */
public final class Radiation {

  /** Solar constant Gsc, MJ m⁻² min⁻¹ (eq. 21). */
  public static final double SOLAR_CONSTANT = 0.0820;

  /** Stefan-Boltzmann constant σ, MJ K⁻⁴ m⁻² day⁻¹ (eq. 39). */
  public static final double STEFAN_BOLTZMANN = 4.903e-9;

  /** Albedo of the grass reference crop (eq. 38). */
  public static final double REFERENCE_ALBEDO = 0.23;

  /** MJ m⁻² day⁻¹ to mm/day of evaporation equivalent: 1 / λ, λ = 2.45 MJ/kg (eq. 20). */
  public static final double MJ_TO_MM = 0.408;

  private Radiation() {}

  /** Extraterrestrial radiation Ra for a latitude, degrees, and a date (eqs. 21-25). */
  public static double extraterrestrial(double latitudeDegrees, LocalDate date) {
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
  public static double inverseRelativeDistance(int dayOfYear) {
    return 1 + 0.033 * Math.cos(2 * Math.PI / 365 * dayOfYear);
  }

  /** Solar declination δ, rad, for day of year J (eq. 24). */
  public static double solarDeclination(int dayOfYear) {
    return 0.409 * Math.sin(2 * Math.PI / 365 * dayOfYear - 1.39);
  }

  /**
   * Sunset hour angle ωs, rad (eq. 25). The argument is clamped to [−1, 1] so polar day and night
   * give π and 0 instead of NaN (FAO-56 notes eq. 25 fails beyond the polar circles).
   */
  public static double sunsetHourAngle(double latitudeRadians, double declination) {
    double x = -Math.tan(latitudeRadians) * Math.tan(declination);
    return Math.acos(Math.max(-1, Math.min(1, x)));
  }

  /** Clear-sky solar radiation Rso from Ra and the station's elevation, m (eq. 37). */
  public static double clearSky(double ra, double elevationM) {
    return (0.75 + 2e-5 * elevationM) * ra;
  }

  /** Net shortwave radiation Rns of the grass reference from the solar radiation Rs (eq. 38). */
  public static double netShortwave(double rs) {
    return (1 - REFERENCE_ALBEDO) * rs;
  }

  /**
   * Net outgoing longwave radiation Rnl (eq. 39). Rs/Rso is capped at 1, as FAO-56 requires: a
   * measured Rs above the clear-sky value is a sensor's error, not a sky clearer than clear.
   */
  public static double netLongwave(double tMin, double tMax, double ea, double rs, double rso) {
    double tMaxK = Math.pow(tMax + 273.16, 4);
    double tMinK = Math.pow(tMin + 273.16, 4);
    double relative = rso <= 0 ? 1 : Math.min(1, rs / rso);
    return STEFAN_BOLTZMANN
        * (tMaxK + tMinK)
        / 2
        * (0.34 - 0.14 * Math.sqrt(ea))
        * (1.35 * relative - 0.35);
  }

  /** Net radiation Rn = Rns − Rnl (eq. 40). */
  public static double net(double rns, double rnl) {
    return rns - rnl;
  }
}
