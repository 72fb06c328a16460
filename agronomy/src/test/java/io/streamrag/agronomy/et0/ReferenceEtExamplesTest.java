package io.streamrag.agronomy.et0;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * FAO-56 (Allen, Pereira, Raes, Smith 1998) reference evapotranspiration against the worked
 * examples of its Chapters 3 and 4, each to the precision the example prints; ET0 to 0.1 mm/day.
 */
class ReferenceEtExamplesTest {

  @Test
  void example18BrusselsOnSixJulyGivesThreePointNineMillimetresADay() {
    // given Example 18: Uccle (Brussels), 50°48'N, 100 m, 6 July; wind 10 km/h at 10 m; Rs from
    // the example's sunshine hours (eq. 35), 22.07 MJ m⁻² day⁻¹
    double u2 = Atmosphere.windAt2m(10 / 3.6, 10);
    var day = new DayWeather(LocalDate.of(2026, 7, 6), 12.3, 21.5, 84, 63, u2, 22.07);

    // when
    var et0 = ReferenceEt.daily(50 + 48 / 60.0, 100, day);

    // then every intermediate the example prints, and its result
    assertThat(u2).isCloseTo(2.078, within(0.001));
    assertThat(Atmosphere.pressure(100)).isCloseTo(100.1, within(0.05));
    assertThat(Atmosphere.psychrometricConstant(Atmosphere.pressure(100)))
        .isCloseTo(0.0666, within(0.00005));
    assertThat(Atmosphere.saturationSlope(16.9)).isCloseTo(0.122, within(0.0005));
    assertThat(Atmosphere.saturationVapourPressure(21.5)).isCloseTo(2.564, within(0.0005));
    assertThat(Atmosphere.saturationVapourPressure(12.3)).isCloseTo(1.431, within(0.0005));
    assertThat(Atmosphere.meanSaturationVapourPressure(12.3, 21.5))
        .isCloseTo(1.997, within(0.0005));
    double ea = Atmosphere.actualVapourPressure(12.3, 21.5, 84, 63);
    assertThat(ea).isCloseTo(1.409, within(0.0005));
    double ra = Radiation.extraterrestrial(50.8, day.date());
    assertThat(ra).isCloseTo(41.09, within(0.005));
    double rso = Radiation.clearSky(ra, 100);
    assertThat(rso).isCloseTo(30.90, within(0.005));
    assertThat(Radiation.netShortwave(22.07)).isCloseTo(17.00, within(0.01));
    double rnl = Radiation.netLongwave(12.3, 21.5, ea, 22.07, rso);
    assertThat(rnl).isCloseTo(3.71, within(0.005));
    assertThat(Radiation.net(Radiation.netShortwave(22.07), rnl)).isCloseTo(13.28, within(0.01));
    assertThat(et0.method()).isEqualTo(ReferenceEt.PENMAN_MONTEITH);
    assertThat(et0.mm()).isCloseTo(3.88, within(0.01)).isCloseTo(3.9, within(0.05));
  }

  @Test
  void example17BangkokInAprilGivesFivePointSevenMillimetresADay() {
    // given Example 17: Bangkok, 13°44'N, 2 m, April; ea 2.85 kPa; u2 2 m/s; Rs 22.65 (eq. 35);
    // G = 0.14 (30.2 − 29.2) = 0.14 for the month (eq. 44)
    double latitude = 13 + 44 / 60.0;
    double ra = Radiation.extraterrestrial(latitude, LocalDate.of(2026, 4, 15));
    double rso = Radiation.clearSky(ra, 2);
    double gamma = Atmosphere.psychrometricConstant(Atmosphere.pressure(2));
    double es = Atmosphere.meanSaturationVapourPressure(25.6, 34.8);
    double rn = Radiation.net(Radiation.netShortwave(22.65), 3.11);

    // when
    double et0 =
        PenmanMonteith.et0(rn, 0.14, 30.2, 2, es, 2.85, Atmosphere.saturationSlope(30.2), gamma);

    // then
    assertThat(ra).isCloseTo(38.06, within(0.005));
    assertThat(rso).isCloseTo(28.54, within(0.005));
    assertThat(gamma).isCloseTo(0.0674, within(0.0001));
    assertThat(Atmosphere.saturationSlope(30.2)).isCloseTo(0.246, within(0.0005));
    assertThat(es).isCloseTo(4.42, within(0.005));
    assertThat(Radiation.netLongwave(25.6, 34.8, 2.85, 22.65, rso)).isCloseTo(3.11, within(0.01));
    assertThat(rn).isCloseTo(14.33, within(0.005));
    assertThat(et0).isCloseTo(5.72, within(0.01)).isCloseTo(5.7, within(0.05));
  }

  @Test
  void examples2And4GivePressureAndPsychrometricConstantFromElevation() {
    // Example 2: 1,800 m; Example 4: 1,200 m (eqs. 7 and 8)
    assertThat(Atmosphere.pressure(1800)).isCloseTo(81.8, within(0.05));
    assertThat(Atmosphere.psychrometricConstant(Atmosphere.pressure(1800)))
        .isCloseTo(0.054, within(0.0005));
    assertThat(Atmosphere.pressure(1200)).isCloseTo(87.9, within(0.05));
  }

  @Test
  void example5GivesActualVapourPressureFromRelativeHumidity() {
    // Tmin 18 °C with RHmax 82 %, Tmax 25 °C with RHmin 54 % (eq. 17)
    assertThat(Atmosphere.saturationVapourPressure(18)).isCloseTo(2.064, within(0.0005));
    assertThat(Atmosphere.saturationVapourPressure(25)).isCloseTo(3.168, within(0.0005));
    assertThat(Atmosphere.actualVapourPressure(18, 25, 82, 54)).isCloseTo(1.70, within(0.005));
  }

  @Test
  void example8GivesExtraterrestrialRadiationOnThreeSeptemberAtTwentyDegreesSouth() {
    // given 3 September (J = 246) at 20°S
    LocalDate date = LocalDate.of(2015, 9, 3);
    int j = date.getDayOfYear();

    // then the example's intermediate values and result (eqs. 21-25)
    assertThat(j).isEqualTo(246);
    assertThat(Radiation.inverseRelativeDistance(j)).isCloseTo(0.985, within(0.0005));
    assertThat(Radiation.solarDeclination(j)).isCloseTo(0.120, within(0.0005));
    assertThat(Radiation.sunsetHourAngle(Math.toRadians(-20), Radiation.solarDeclination(j)))
        .isCloseTo(1.527, within(0.0005));
    double ra = Radiation.extraterrestrial(-20, date);
    assertThat(ra).isCloseTo(32.2, within(0.05));
    assertThat(ra * Radiation.MJ_TO_MM).isCloseTo(13.1, within(0.05)); // mm/day
  }

  @Test
  void examples11And12GiveNetLongwaveAndNetRadiationInRioInMay() {
    // Tmax 25.1, Tmin 19.1 °C, ea 2.1 kPa, Rs 14.5 and Rso 18.8 MJ m⁻² day⁻¹ (eqs. 38-40)
    double rnl = Radiation.netLongwave(19.1, 25.1, 2.1, 14.5, 18.8);

    assertThat(rnl).isCloseTo(3.5, within(0.05));
    // 0.77 × 14.5 = 11.165, which the example prints as 11.1
    assertThat(Radiation.netShortwave(14.5)).isCloseTo(11.1, within(0.07));
    assertThat(Radiation.net(Radiation.netShortwave(14.5), rnl)).isCloseTo(7.6, within(0.05));
  }

  @Test
  void example14ConvertsWindAtTenMetresToTwoMetres() {
    // 3.2 m/s at 10 m (eq. 47)
    assertThat(Atmosphere.windAt2m(3.2, 10)).isCloseTo(2.4, within(0.05));
    assertThat(Atmosphere.windAt2m(3.2, 2)).isEqualTo(3.2);
  }

  @Test
  void withoutSolarRadiationTheDayFallsBackToHargreaves() {
    // given Example 18's day without its radiation
    var day = new DayWeather(LocalDate.of(2026, 7, 6), 12.3, 21.5, 84, 63, 2.078, null);

    // when
    var et0 = ReferenceEt.daily(50.8, 100, day);

    // then eq. 52 by hand: 0.0023 × (16.9 + 17.8) × √9.2 × 0.408 × 41.09 = 4.06 mm/day
    assertThat(et0.method()).isEqualTo(ReferenceEt.HARGREAVES);
    assertThat(et0.mm()).isCloseTo(4.06, within(0.01));
  }

  @Test
  void hargreavesGivesTheHandComputedEt0WithExample8sRadiation() {
    // Tmin 18 °C, Tmax 30 °C, Ra 32.19 MJ: 0.0023 × 41.8 × √12 × 0.408 × 32.194 = 4.37 mm/day
    double ra = Radiation.extraterrestrial(-20, LocalDate.of(2015, 9, 3));

    assertThat(Hargreaves.et0(18, 30, ra)).isCloseTo(4.3745, within(0.0005));
  }

  @Test
  void calmAirCountsAsHalfAMetrePerSecond() {
    // FAO-56 limits u2 to at least 0.5 m/s in eq. 6
    var calm = new DayWeather(LocalDate.of(2026, 7, 6), 12.3, 21.5, 84, 63, 0.0, 22.07);
    var half = new DayWeather(LocalDate.of(2026, 7, 6), 12.3, 21.5, 84, 63, 0.5, 22.07);

    assertThat(ReferenceEt.daily(50.8, 100, calm).mm())
        .isEqualTo(ReferenceEt.daily(50.8, 100, half).mm());
  }

  @Test
  void sunsetHourAngleStaysDefinedInPolarDayAndNight() {
    double midsummer = Radiation.solarDeclination(172);

    assertThat(Radiation.sunsetHourAngle(Math.toRadians(75), midsummer)).isEqualTo(Math.PI);
    assertThat(Radiation.sunsetHourAngle(Math.toRadians(-75), midsummer)).isZero();
  }
}
