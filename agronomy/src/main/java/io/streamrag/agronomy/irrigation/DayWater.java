package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.et0.Hargreaves;
import io.streamrag.agronomy.et0.Radiation;
import io.streamrag.agronomy.field.ForecastDay;
import java.time.LocalDate;

/**
 * A forecast day's water demand and supply for the balance.
 *
 * @param et0Mm reference evapotranspiration, mm
 * @param hargreaves whether ET0 came from Hargreaves (eq. 52) because the forecast lacked it
 * @param etcMm crop evapotranspiration Kc × ET0, mm (FAO-56 eq. 56)
 * @param effectiveRainMm rain entering the root zone, mm
 * @param p depletion fraction adjusted for the day's ETc
 * @param rawMm readily available water p × TAW, mm (eq. 83)
 * @param rainSource {@code forecast}, or {@code station} when the rain the station observed today
 *     so far is more than the forecast's
 */
record DayWater(
    ForecastDay day,
    double et0Mm,
    boolean hargreaves,
    double etcMm,
    double effectiveRainMm,
    double p,
    double rawMm,
    String rainSource) {

  static DayWater of(
      ForecastDay day,
      Double latitude,
      double kc,
      double pTable,
      double taw,
      RainRule rain,
      String rainSource) {
    boolean hargreaves = day.et0Mm() == null;
    double et0 =
        hargreaves
            ? Hargreaves.et0(
                day.tMin(), day.tMax(), Radiation.extraterrestrial(latitude, day.date()))
            : day.et0Mm();
    double etc = kc * et0;
    double p = Fao56.adjustedDepletionFraction(pTable, etc);
    return new DayWater(
        day,
        et0,
        hargreaves,
        etc,
        rain.effective(day.precipitationMm(), et0),
        p,
        Fao56.readilyAvailableWater(p, taw),
        rainSource);
  }

  LocalDate date() {
    return day.date();
  }

  BalanceDay echo(double depletionMm) {
    return new BalanceDay(
        day.date(),
        day.tMin(),
        day.tMax(),
        day.precipitationMm(),
        Round.mm(et0Mm),
        hargreaves ? "hargreaves" : "forecast",
        "forecast",
        rainSource,
        Round.mm(etcMm),
        Round.mm(effectiveRainMm),
        Round.fraction(p),
        Round.mm(rawMm),
        Round.mm(depletionMm));
  }

  static BalanceDay given(ForecastDay day) {
    return new BalanceDay(
        day.date(),
        day.tMin(),
        day.tMax(),
        day.precipitationMm(),
        day.et0Mm(),
        null,
        "forecast",
        "forecast",
        null,
        null,
        null,
        null,
        null);
  }
}
