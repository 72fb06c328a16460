package io.streamrag.ingest.weather;

import io.streamrag.agronomy.et0.Atmosphere;
import io.streamrag.schemas.weather.CoveredSpan;
import io.streamrag.schemas.weather.DailyObservation;
import io.streamrag.schemas.weather.IntervalObservation;
import io.streamrag.schemas.weather.StationDay;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Folds a station's observations into its days, in the station's local date. A daily record sets
 * its day. An interval record adds its rain, radiation and wind for the time of its day not covered
 * yet (split at midnight when it spans one) and widens the day's extremes; without its length it
 * counts from the station's previous record, if that was at most 3 hours earlier, else it adds only
 * its rain and extremes. Each changed day is completed by {@link DaySummary}.
 */
public final class DayFolder {

  /** The longest gap an interval without {@code interval_s} is taken to span. */
  static final int MAX_IMPLIED_S = 3 * 3600;

  /**
   * The day records the observation changes (one, or two across midnight); none for a repeat.
   *
   * @param days the station's days as they stand, by local date
   */
  public List<WeatherDayObserved> fold(
      WeatherObserved o,
      StationRegistered station,
      Function<LocalDate, Optional<WeatherDayObserved>> days) {
    ZoneId zone = ZoneId.of(station.getTimeZone());
    if (o.getObservation() instanceof DailyObservation d) {
      var before = days.apply(LocalDate.parse(d.getDate())).orElse(null);
      if (before != null && before.getLastEventId().equals(o.getEventId())) {
        return List.of();
      }
      return List.of(daily(o, d, station, zone, before));
    }
    var interval = (IntervalObservation) o.getObservation();
    Instant end = interval.getTs();
    Integer length = interval.getIntervalS();
    if (length == null) {
      length = impliedLength(end, zone, days);
    }
    var out = new ArrayList<WeatherDayObserved>();
    if (length == null) {
      // no duration known: its rain fell, its extremes happened, nothing else can be counted
      var day = LocalDay.containing(end.minusMillis(1), zone);
      piece(o, interval, station, day, 0, 0, 0, days).ifPresent(out::add);
      return out;
    }
    Instant start = end.minusSeconds(length);
    var day = LocalDay.containing(start, zone);
    while (day.start().isBefore(end)) {
      int from = day.second(start);
      int to = day.second(end);
      if (to > from) {
        piece(o, interval, station, day, from, to, length, days).ifPresent(out::add);
      }
      day = LocalDay.of(day.date().plusDays(1), zone);
    }
    return out;
  }

  private static WeatherDayObserved daily(
      WeatherObserved o,
      DailyObservation d,
      StationRegistered station,
      ZoneId zone,
      WeatherDayObserved before) {
    var day = LocalDay.of(LocalDate.parse(d.getDate()), zone);
    double u2 = Atmosphere.windAt2m(d.getWindSpeed(), d.getWindHeightM());
    Double rs = d.getSolarRadiationMj();
    var record =
        WeatherDayObserved.newBuilder()
            .setStationId(station.getStationId())
            .setVersion(before == null ? 1 : before.getVersion() + 1)
            .setFromDaily(true)
            .setCovered(List.of(new CoveredSpan(0, day.length())))
            .setRadiationJ(rs == null ? 0 : rs * 1e6)
            .setRadiationS(rs == null ? 0 : day.length())
            .setWindMsS(u2 * day.length())
            .setLastEventId(o.getEventId())
            .setReceivedAt(o.getReceivedAt())
            .setDay(
                new StationDay(
                    d.getDate(),
                    d.getTMax(),
                    d.getTMin(),
                    d.getRhMax(),
                    d.getRhMin(),
                    u2,
                    rs,
                    d.getRainMm(),
                    null,
                    null,
                    true,
                    day.length(),
                    1))
            .build();
    return DaySummary.complete(record, station, day);
  }

  /** The part of an interval within one local day, [from, to) seconds of it. */
  private static Optional<WeatherDayObserved> piece(
      WeatherObserved o,
      IntervalObservation i,
      StationRegistered station,
      LocalDay day,
      int from,
      int to,
      int length,
      Function<LocalDate, Optional<WeatherDayObserved>> days) {
    var before = days.apply(day.date()).orElse(null);
    if (before != null && before.getFromDaily()) {
      return Optional.empty(); // the station's own summary of the day stands
    }
    List<CoveredSpan> covered = before == null ? List.of() : before.getCovered();
    int fresh = Coverage.uncovered(covered, from, to);
    // rain of an interval of unknown length counts whole, once: its id repeats if it is sent again
    boolean instant = length == 0;
    if (instant && before != null && before.getLastEventId().equals(o.getEventId())) {
      return Optional.empty();
    }
    double share = instant ? 1 : (double) fresh / length;
    double u2 = Atmosphere.windAt2m(i.getWindSpeed(), i.getWindHeightM());
    StationDay was = before == null ? null : before.getDay();
    double tMax =
        was == null ? i.getAirTemperature() : Math.max(was.getTMax(), i.getAirTemperature());
    double tMin =
        was == null ? i.getAirTemperature() : Math.min(was.getTMin(), i.getAirTemperature());
    double rhMax =
        was == null ? i.getRelativeHumidity() : Math.max(was.getRhMax(), i.getRelativeHumidity());
    double rhMin =
        was == null ? i.getRelativeHumidity() : Math.min(was.getRhMin(), i.getRelativeHumidity());
    boolean widened =
        was == null
            || tMax != was.getTMax()
            || tMin != was.getTMin()
            || rhMax != was.getRhMax()
            || rhMin != was.getRhMin();
    if (fresh == 0 && !instant && !widened) {
      return Optional.empty(); // all of it counted before
    }
    var record =
        WeatherDayObserved.newBuilder()
            .setStationId(station.getStationId())
            .setVersion(before == null ? 1 : before.getVersion() + 1)
            .setFromDaily(false)
            .setCovered(Coverage.add(covered, from, to))
            .setRadiationJ(
                (before == null ? 0 : before.getRadiationJ())
                    + (i.getSolarRadiation() == null ? 0 : i.getSolarRadiation() * fresh))
            .setRadiationS(
                (before == null ? 0 : before.getRadiationS())
                    + (i.getSolarRadiation() == null ? 0 : fresh))
            .setWindMsS((before == null ? 0 : before.getWindMsS()) + u2 * fresh)
            .setLastEventId(o.getEventId())
            .setReceivedAt(o.getReceivedAt())
            .setDay(
                new StationDay(
                    day.date().toString(),
                    tMax,
                    tMin,
                    rhMax,
                    rhMin,
                    u2,
                    null,
                    (was == null ? 0 : was.getRainMm()) + i.getRainMm() * share,
                    null,
                    null,
                    false,
                    0,
                    (was == null ? 0 : was.getObservations()) + 1))
            .build();
    return Optional.of(DaySummary.complete(record, station, day));
  }

  /**
   * The length of an interval sent without one: back to the station's previous record when that is
   * at most {@link #MAX_IMPLIED_S} earlier, the same day or the day before.
   */
  private static Integer impliedLength(
      Instant end, ZoneId zone, Function<LocalDate, Optional<WeatherDayObserved>> days) {
    var day = LocalDay.containing(end.minusMillis(1), zone);
    int at = day.second(end);
    var today = days.apply(day.date());
    int last = today.map(d -> Coverage.lastEndAtOrBefore(d.getCovered(), at)).orElse(-1);
    int gap;
    if (last >= 0) {
      gap = at - last;
    } else {
      var previous = LocalDay.of(day.date().minusDays(1), zone);
      int lastBefore =
          days.apply(previous.date())
              .map(d -> Coverage.lastEndAtOrBefore(d.getCovered(), previous.length()))
              .orElse(-1);
      gap = lastBefore < 0 ? -1 : previous.length() - lastBefore + at;
    }
    return gap > 0 && gap <= MAX_IMPLIED_S ? gap : null;
  }
}
