package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.field.ObservedDay;
import io.streamrag.agronomy.field.ObservedWeather;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The daily balance over what happened: from the moisture reading to today, through the field's
 * station's observed rain and ET0 (FAO-56 eq. 85, the same step as ahead). A reading stands for the
 * nearest day boundary: one taken before noon starts the count on its own day, one after noon the
 * next day. The balance counts the station's days only when every one of them is complete; with a
 * day missing it would be guessing, so it starts from the reading as before, and says so.
 *
 * @param since the first day counted
 * @param counted whether the station's days were counted
 * @param incomplete a day between the reading and today was missing or incomplete
 * @param depletionNowMm Dr at the start of today
 * @param rainMm observed rain of the counted days
 * @param et0Mm observed ET0 of the counted days
 * @param echoes every observed day, counted or not
 */
record ObservedBalance(
    LocalDate since,
    boolean counted,
    boolean incomplete,
    double depletionNowMm,
    double rainMm,
    double et0Mm,
    List<ObservedDayEcho> echoes) {

  static ObservedBalance of(
      ObservedWeather observed,
      Instant measuredAt,
      LocalDate today,
      double depletionAtReading,
      double kc,
      double pTable,
      double taw,
      RainRule rain) {
    if (observed == null) {
      return new ObservedBalance(null, false, false, depletionAtReading, 0, 0, List.of());
    }
    var at = ZonedDateTime.ofInstant(measuredAt, observed.zone());
    LocalDate since =
        at.toLocalTime().isBefore(LocalTime.NOON) ? at.toLocalDate() : at.toLocalDate().plusDays(1);
    var past = new ArrayList<ObservedDay>();
    for (LocalDate d = since; d.isBefore(today); d = d.plusDays(1)) {
      final LocalDate date = d;
      observed.days().stream()
          .filter(o -> o.date().equals(date) && o.complete() && o.et0Mm() != null)
          .findFirst()
          .ifPresent(past::add);
    }
    boolean counted = past.size() == (int) Math.max(0, since.until(today).getDays());
    double dr = depletionAtReading;
    double rainSum = 0;
    double et0Sum = 0;
    var balance = new java.util.HashMap<LocalDate, double[]>();
    if (counted) {
      for (ObservedDay day : past) {
        double etc = kc * day.et0Mm();
        double effective = rain.effective(day.rainMm(), day.et0Mm());
        dr = Math.max(0, Math.min(taw, dr - effective + etc));
        rainSum += day.rainMm();
        et0Sum += day.et0Mm();
        balance.put(day.date(), new double[] {etc, effective, dr});
      }
    }
    return new ObservedBalance(
        since,
        counted && !past.isEmpty(),
        !counted,
        dr,
        rainSum,
        et0Sum,
        echoes(observed, balance));
  }

  /** No station days counted. */
  static ObservedBalance none() {
    return new ObservedBalance(null, false, false, 0, 0, 0, List.of());
  }

  /** The station's days as observed, none counted; none without a station. */
  static List<ObservedDayEcho> uncounted(ObservedWeather observed) {
    return observed == null ? List.of() : echoes(observed, Map.of());
  }

  /** Each observed day, with what the balance did on it when it counted it (ETc, Peff, Dr). */
  private static List<ObservedDayEcho> echoes(
      ObservedWeather observed, Map<LocalDate, double[]> balance) {
    var echoes = new ArrayList<ObservedDayEcho>();
    String source = "station:" + observed.stationId();
    for (ObservedDay o : observed.days()) {
      double[] b = balance.get(o.date());
      echoes.add(
          new ObservedDayEcho(
              o.date(),
              o.tMin(),
              o.tMax(),
              Round.mm(o.rainMm()),
              o.et0Mm() == null ? null : Round.mm(o.et0Mm()),
              o.et0Method(),
              o.complete(),
              source,
              b != null,
              b == null ? null : Round.mm(b[0]),
              b == null ? null : Round.mm(b[1]),
              b == null ? null : Round.mm(b[2])));
    }
    return List.copyOf(echoes);
  }

  /** Rain the station observed today so far, or null when it has not reported today. */
  static Double rainToday(ObservedWeather observed, LocalDate today) {
    if (observed == null) {
      return null;
    }
    return observed.days().stream()
        .filter(d -> d.date().equals(today))
        .map(ObservedDay::rainMm)
        .findFirst()
        .orElse(null);
  }
}
