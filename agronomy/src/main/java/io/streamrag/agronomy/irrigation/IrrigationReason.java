package io.streamrag.agronomy.irrigation;

import static io.streamrag.agronomy.reason.Phrase.*;

import io.streamrag.agronomy.field.Age;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.reason.Phrases;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** The templated reason (used when no model explains the numbers), built from those numbers. */
final class IrrigationReason {

  static final String METHOD =
      "FAO-56 root-zone water balance (Allen, Pereira, Raes, Smith 1998, FAO Irrigation and"
          + " Drainage Paper 56): TAW eq. 82, RAW eq. 83 with p from Table 22 adjusted for ETc,"
          + " Dr from the root-zone moisture eq. 86, daily balance eq. 85 through the weather"
          + " station's observed rain and ET0 (Penman-Monteith eq. 6) since the reading, then over"
          + " the forecast; ETc ="
          + " Kc ET0 (eq. 56, Kc Table 12); ET0 from the forecast or Hargreaves eq. 52 with Ra"
          + " eqs. 21-25; effective rain a fixed share of rain at or above a fraction of ET0"
          + " (water-balance.csv); refill to field capacity; gross depth = net / application"
          + " efficiency";

  private final String language;
  private final Phrases phrases;

  IrrigationReason(String language) {
    this.language = language;
    this.phrases = Phrases.of(language);
  }

  /** What the station's days did to the balance; empty without a station or anything to say. */
  String observed(ObservedWeather observed, ObservedBalance past) {
    if (observed == null || past.since() == null) {
      return "";
    }
    String station = observed.stationName();
    if (past.counted()) {
      return phrases.fill(
          OBSERVED_COUNTED,
          "since",
          past.since(),
          "station",
          station,
          "rain",
          Round.mm(past.rainMm()),
          "et0",
          Round.mm(past.et0Mm()));
    }
    return past.incomplete()
        ? phrases.fill(OBSERVED_INCOMPLETE, "since", past.since(), "station", station)
        : "";
  }

  String missing(List<String> missing) {
    return phrases.fill(IRRIGATION_MISSING, "missing", phrases.missing(missing));
  }

  /**
   * @param staleAge the reading's age when stale, else null
   */
  String computed(
      FieldLookup lookup,
      IrrigationParameters parameters,
      Schedule schedule,
      List<DayWater> days,
      double amount,
      Age staleAge,
      Duration maxAge) {
    String prefix = phrases.stale(MOISTURE_STALE, staleAge, maxAge, ChronoUnit.HOURS);
    Object[] common = {
      "dr", parameters.depletionMm(),
      "raw", parameters.rawMm(),
      "crop", lookup.crop().names().in(language),
      "method", lookup.method().names().in(language),
      "efficiency", parameters.efficiency() * 100,
      "amount", amount,
      "date", schedule.nextCheck(),
      "lastDate", days.get(days.size() - 1).date()
    };
    return prefix + sentence(schedule, days, common);
  }

  private String sentence(Schedule schedule, List<DayWater> days, Object[] common) {
    if (schedule.needed() && schedule.day() < 0) {
      var check = schedule.basis().equals("forecast_ends") ? CHECK_AFTER_FORECAST : CHECK_ON;
      String checkText = phrases.fill(check, "date", schedule.nextCheck());
      return phrases.fill(IRRIGATE_NOW, with(common, "check", checkText));
    }
    if (schedule.needed()) {
      return phrases.fill(IRRIGATE_ON, common);
    }
    if (schedule.basis().equals("raw_reached")) {
      DayWater rain = days.get(schedule.rainDay());
      return phrases.fill(
          RAIN_FIRST,
          with(common, "rain", Round.mm(rain.effectiveRainMm()), "rainDate", rain.date()));
    }
    return phrases.fill(BELOW_THROUGH_FORECAST, common);
  }

  private static Object[] with(Object[] common, Object... more) {
    Object[] all = new Object[common.length + more.length];
    System.arraycopy(common, 0, all, 0, common.length);
    System.arraycopy(more, 0, all, common.length, more.length);
    return all;
  }
}
