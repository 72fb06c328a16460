package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.DemoKnowledge;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.SoilMoisture;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-computed cases: maize (Kc mid 1.20, Zr 1.0 m, p 0.55) on loam (θFC 0.25, θWP 0.12, so
 * TAW = 130 mm) under drip (efficiency 0.90), on 2026-12-01 with a 7-day forecast.
 */
final class IrrigationCases {

  static final Instant NOW = Instant.parse("2026-12-01T06:00:00Z");
  static final LocalDate TODAY = LocalDate.of(2026, 12, 1);
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private IrrigationCases() {}

  static IrrigationAdvisor advisor() {
    return new IrrigationAdvisor(
        IrrigationTables.parse(DemoKnowledge.irrigationFiles()), CLOCK, Duration.ofHours(24));
  }

  /** Maize on loam under drip, one top reading measured two hours ago. */
  static FieldState maize(double moisturePercent) {
    return field("maize", "loam", "drip", moisturePercent, NOW.minus(Duration.ofHours(2)));
  }

  static FieldState field(
      String crop, String texture, String method, Double moisturePercent, Instant measuredAt) {
    return new FieldState(
        crop,
        null,
        texture,
        method,
        35.7,
        new SoilMoisture(List.of(), moisturePercent, measuredAt),
        null);
  }

  /** Seven days from today with the same ET0 and no rain. */
  static List<ForecastDay> days(Double et0) {
    var days = new ArrayList<ForecastDay>();
    for (int i = 0; i < 7; i++) {
      days.add(new ForecastDay(TODAY.plusDays(i), 4.0, 17.0, 0.0, et0));
    }
    return days;
  }

  /** The same with rain on one day. */
  static List<ForecastDay> withRain(List<ForecastDay> days, LocalDate date, double rainMm) {
    return days.stream()
        .map(
            d ->
                d.date().equals(date)
                    ? new ForecastDay(d.date(), d.tMin(), d.tMax(), rainMm, d.et0Mm())
                    : d)
        .toList();
  }
}
