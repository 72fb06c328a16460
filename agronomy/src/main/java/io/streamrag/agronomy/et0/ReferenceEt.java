package io.streamrag.agronomy.et0;

/**
 * A day's reference evapotranspiration and how it was computed.
 *
 * @param mm ET0, mm/day
 * @param method {@link #PENMAN_MONTEITH} or {@link #HARGREAVES}
 */
public record ReferenceEt(double mm, String method) {

  /** FAO-56 eq. 6, from measured radiation, humidity and wind. */
  public static final String PENMAN_MONTEITH = "penman-monteith";

  /** FAO-56 eq. 52, from the temperature extremes alone, when radiation was not measured. */
  public static final String HARGREAVES = "hargreaves";

  /** The lowest wind speed at 2 m used in eq. 6, m/s (FAO-56, "Missing wind speed data"). */
  static final double MIN_WIND_2M = 0.5;

  /**
   * ET0 of one day at a station: FAO Penman-Monteith (eq. 6) with pressure from the elevation (eq.
   * 7), Ra (eqs. 21-25), Rso, Rns, Rnl and Rn (eqs. 37-40) and G = 0 (eq. 42); Hargreaves (eq. 52)
   * when the day has no solar radiation.
   *
   * <p>Wind at 2 m is taken as at least 0.5 m/s, as FAO-56 advises for eq. 6: in calm air, warm
   * air's buoyancy still exchanges vapour at the surface.
   *
   * @param latitudeDegrees the station's latitude, south negative
   * @param elevationM the station's elevation above sea level, m
   */
  public static ReferenceEt daily(double latitudeDegrees, double elevationM, DayWeather day) {
    double ra = Radiation.extraterrestrial(latitudeDegrees, day.date());
    if (day.solarRadiationMj() == null) {
      return new ReferenceEt(Hargreaves.et0(day.tMin(), day.tMax(), ra), HARGREAVES);
    }
    double tMean = (day.tMax() + day.tMin()) / 2; // eq. 9
    double es = Atmosphere.meanSaturationVapourPressure(day.tMin(), day.tMax());
    double ea = Atmosphere.actualVapourPressure(day.tMin(), day.tMax(), day.rhMax(), day.rhMin());
    double rs = day.solarRadiationMj();
    double rnl =
        Radiation.netLongwave(day.tMin(), day.tMax(), ea, rs, Radiation.clearSky(ra, elevationM));
    double rn = Radiation.net(Radiation.netShortwave(rs), rnl);
    double gamma = Atmosphere.psychrometricConstant(Atmosphere.pressure(elevationM));
    return new ReferenceEt(
        PenmanMonteith.et0(
            rn,
            0,
            tMean,
            Math.max(MIN_WIND_2M, day.windSpeed2m()),
            es,
            ea,
            Atmosphere.saturationSlope(tMean),
            gamma),
        PENMAN_MONTEITH);
  }
}
