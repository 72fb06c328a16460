package io.streamrag.ingest.weather;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * A station's local date as seconds from its midnight: 86,400 long, or 82,800 and 90,000 on the
 * days a clock changes.
 */
record LocalDay(LocalDate date, Instant start, int length) {

  static LocalDay of(LocalDate date, ZoneId zone) {
    Instant start = date.atStartOfDay(zone).toInstant();
    Instant end = date.plusDays(1).atStartOfDay(zone).toInstant();
    return new LocalDay(date, start, (int) Duration.between(start, end).toSeconds());
  }

  static LocalDay containing(Instant at, ZoneId zone) {
    return of(LocalDate.ofInstant(at, zone), zone);
  }

  /** Seconds from this day's midnight to {@code at}, clamped to the day. */
  int second(Instant at) {
    long s = Duration.between(start, at).toSeconds();
    return (int) Math.max(0, Math.min(length, s));
  }

  Instant end() {
    return start.plusSeconds(length);
  }
}
