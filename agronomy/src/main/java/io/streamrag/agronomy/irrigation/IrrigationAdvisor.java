package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.field.Age;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.field.SoilMoisture;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Irrigation recommendations by the FAO-56 root-zone water balance (Allen et al. 1998, Chapter 8):
 * depletion now from the moisture readings, run forward over the forecast, compared with RAW.
 * Thread-safe and cheap: build one per version of the tables.
 */
public final class IrrigationAdvisor {

  /** A reading older than this misses at least one day of the daily balance. */
  public static final Duration DEFAULT_MAX_AGE = Duration.ofHours(24);

  private final IrrigationTables tables;
  private final Clock clock;
  private final Duration maxAge;

  /**
   * @param tables the irrigation KB's tables
   * @param clock gives "now" for staleness and "today" (in the clock's zone) for the forecast
   * @param maxAge a reading older than this is flagged {@code stale}
   */
  public IrrigationAdvisor(IrrigationTables tables, Clock clock, Duration maxAge) {
    this.tables = tables;
    this.clock = clock;
    this.maxAge = maxAge;
  }

  /** With {@link #DEFAULT_MAX_AGE}. */
  public static IrrigationAdvisor of(Map<String, String> tableFiles, Clock clock) {
    return new IrrigationAdvisor(IrrigationTables.parse(tableFiles), clock, DEFAULT_MAX_AGE);
  }

  /** The recommendation for one field without a weather station. */
  public IrrigationAdvice advise(FieldState field, List<ForecastDay> forecast, String language) {
    return advise(field, forecast, null, language);
  }

  /**
   * The recommendation for one field.
   *
   * @param field the field's crop, soil, method, location and readings
   * @param forecast its forecast; days before today are skipped, and so is everything after a gap
   * @param observed its weather station's recent days, or null; "today" is then the station's
   * @param language {@code fa}, {@code ar} or {@code en}: the reason's language
   */
  public IrrigationAdvice advise(
      FieldState field, List<ForecastDay> forecast, ObservedWeather observed, String language) {
    var reason = new IrrigationReason(language);
    // 1. the forecast days ahead, and every input missing or unknown to the tables
    LocalDate today = LocalDate.now(observed == null ? clock : clock.withZone(observed.zone()));
    List<ForecastDay> days = daysAhead(forecast, today);
    var lookup = FieldLookup.of(field, days, tables);
    var age = Age.of(field.moisture() == null ? null : field.moisture().measuredAt(), clock);
    if (!lookup.missing().isEmpty()) {
      return missing(field, days, lookup, age, reason, observed);
    }
    // 2. TAW and Kc from the tables (eqs. 82, 56)
    double zr = lookup.crop().zrMinM();
    double taw = Fao56.totalAvailableWater(lookup.soil().thetaFc(), lookup.soil().thetaWp(), zr);
    double kc = lookup.crop().kc(lookup.stage());
    // 3. each day's ET0 (forecast or Hargreaves), ETc, effective rain (today: at least what the
    // station observed so far), p and RAW
    Double rainToday = ObservedBalance.rainToday(observed, today);
    var water = new ArrayList<DayWater>();
    for (ForecastDay day : days) {
      boolean wetter =
          rainToday != null && day.date().equals(today) && rainToday > day.precipitationMm();
      var used = wetter ? withRain(day, rainToday) : day;
      water.add(
          DayWater.of(
              used,
              field.latitude(),
              kc,
              lookup.crop().p(),
              taw,
              tables.rain(),
              wetter ? "station" : "forecast"));
    }
    // 4. depletion at the reading from the root-zone average (eq. 86), within 0–TAW; then through
    // the station's observed days up to today (eq. 85)
    RootZone zone = RootZone.of(field.moisture(), zr);
    double atReading =
        Math.max(
            0,
            Math.min(taw, Fao56.depletion(lookup.soil().thetaFc(), zone.thetaPercent() / 100, zr)));
    var past =
        ObservedBalance.of(
            observed,
            field.moisture().measuredAt(),
            today,
            atReading,
            kc,
            lookup.crop().p(),
            taw,
            tables.rain());
    double depletion = past.depletionNowMm();
    // 5. the balance forward, and the decision
    Schedule schedule = Schedule.decide(depletion, water, taw);
    double[] balance = WaterBalance.run(depletion, water, taw);
    // 6. the amount, the echo and the reason
    double amount =
        schedule.needed() ? Round.mm(schedule.netMm() / lookup.method().efficiency()) : 0;
    var parameters =
        IrrigationParameters.of(
            lookup, zr, kc, taw, depletion, atReading, water.get(0), tables.rain());
    var echoed = new ArrayList<BalanceDay>();
    for (int i = 0; i < water.size(); i++) {
      echoed.add(water.get(i).echo(balance[i]));
    }
    boolean stale = age.olderThan(maxAge);
    String text =
        reason.observed(observed, past)
            + reason.computed(
                lookup, parameters, schedule, water, amount, stale ? age : null, maxAge);
    var inputs =
        inputs(field, age, zone.layers(), Round.mm(zone.thetaPercent()), echoed, parameters)
            .withStation(observed == null ? null : StationEcho.of(observed, past), past.echoes());
    return new IrrigationAdvice(
        schedule.needed(),
        amount,
        text,
        schedule.nextCheck(),
        schedule.basis(),
        null,
        inputs,
        IrrigationReason.METHOD,
        List.of(),
        stale);
  }

  private static ForecastDay withRain(ForecastDay day, double rainMm) {
    return new ForecastDay(day.date(), day.tMin(), day.tMax(), rainMm, day.et0Mm());
  }

  private IrrigationAdvice missing(
      FieldState field,
      List<ForecastDay> days,
      FieldLookup lookup,
      Age age,
      IrrigationReason reason,
      ObservedWeather observed) {
    List<Layer> readings = readings(field.moisture(), lookup.crop());
    var given = days.stream().map(DayWater::given).toList();
    return new IrrigationAdvice(
        null,
        null,
        reason.missing(lookup.missing()),
        null,
        null,
        null,
        inputs(field, age, readings, null, given, null)
            .withStation(
                observed == null ? null : StationEcho.of(observed, ObservedBalance.none()),
                ObservedBalance.uncounted(observed)),
        IrrigationReason.METHOD,
        List.copyOf(lookup.missing()),
        age.olderThan(maxAge));
  }

  /** The readings with their layers when the root depth is known, else as given. */
  private static List<Layer> readings(SoilMoisture moisture, CropWater crop) {
    if (moisture == null) {
      return List.of();
    }
    RootZone zone = crop == null ? null : RootZone.of(moisture, crop.zrMinM());
    return zone == null ? RootZone.unweighted(moisture) : zone.layers();
  }

  private IrrigationInputs inputs(
      FieldState field,
      Age age,
      List<Layer> readings,
      Double rootZonePercent,
      List<BalanceDay> days,
      IrrigationParameters parameters) {
    return new IrrigationInputs(
        field.crop(),
        field.growthStage(),
        field.soilTexture(),
        field.irrigationMethod(),
        field.latitude(),
        field.moisture() == null ? null : field.moisture().measuredAt(),
        age.hours(),
        maxAge.toMinutes() / 60.0,
        readings,
        rootZonePercent,
        days,
        parameters,
        null,
        List.of());
  }

  /** Today onwards, by date, one per date, up to the first gap: a gap would skip a day's ETc. */
  static List<ForecastDay> daysAhead(List<ForecastDay> forecast, LocalDate today) {
    var sorted =
        (forecast == null ? List.<ForecastDay>of() : forecast)
            .stream()
                .filter(d -> d.date() != null && !d.date().isBefore(today))
                .sorted(Comparator.comparing(ForecastDay::date))
                .toList();
    var days = new ArrayList<ForecastDay>();
    for (ForecastDay day : sorted) {
      if (days.isEmpty() || day.date().equals(days.get(days.size() - 1).date().plusDays(1))) {
        days.add(day);
      } else if (!day.date().equals(days.get(days.size() - 1).date())) {
        break;
      }
    }
    return days;
  }
}
