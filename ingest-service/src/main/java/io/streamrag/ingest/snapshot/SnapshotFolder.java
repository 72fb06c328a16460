package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.HourlyStat;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Folds a sensor's events into its snapshot: the latest value of each measurement with hourly
 * statistics of the 24 hours before the newest reading and daily moisture of the last week, the
 * profile, the forecast, its weather station's days. A pure function of the events in order, with
 * no clock: replaying the topics rebuilds the same snapshots. A duplicate reading, or one older
 * than the newest, changes nothing.
 */
public final class SnapshotFolder {

  static final Duration HISTORY = Duration.ofHours(24);

  /** The measurements of a reading, by field name. */
  static final List<Field> FIELDS =
      List.of(
          new Field("soil_moisture", SensorReadingReceived::getSoilMoisture),
          new Field("temperature", SensorReadingReceived::getTemperature),
          new Field("ph", SensorReadingReceived::getPh),
          new Field("ec", SensorReadingReceived::getEc),
          new Field("nitrogen", SensorReadingReceived::getNitrogen),
          new Field("phosphorus", SensorReadingReceived::getPhosphorus),
          new Field("potassium", SensorReadingReceived::getPotassium));

  record Field(String name, Function<SensorReadingReceived, Double> value) {}

  private final SnapshotText text;

  public SnapshotFolder(SnapshotText text) {
    this.text = text;
  }

  /**
   * A folded snapshot with the sections its text was made of, so the indexer makes them searchable
   * without rendering them again: the freshness profile (docs/measurements/2026-12-05-weather.md)
   * found every snapshot rendered four times, once per language and once more to index it.
   */
  public record Folded(SensorSnapshotUpdated snapshot, List<SnapshotText.Section> sections) {}

  /** The snapshot after the event, or empty when it changes nothing. */
  public Optional<SensorSnapshotUpdated> fold(SensorSnapshotUpdated current, Object event) {
    return foldRendered(current, event).map(Folded::snapshot);
  }

  /** The snapshot after the event and its sections, or empty when it changes nothing. */
  public Optional<Folded> foldRendered(SensorSnapshotUpdated current, Object event) {
    SensorSnapshotUpdated.Builder next;
    if (event instanceof SensorReadingReceived r) {
      if (current != null
          && (current.getLastEventId().equals(r.getEventId())
              || !r.getMeasuredAt().isAfter(current.getMeasuredAt()))) {
        return Optional.empty();
      }
      next =
          start(current, r.getSensorUuid())
              .setLastEventId(r.getEventId())
              .setMeasuredAt(r.getMeasuredAt())
              .setReceivedAt(r.getReceivedAt());
      if (r.getSoilMoisture() != null) {
        next.setSoilMoisture(r.getSoilMoisture());
      }
      if (r.getTemperature() != null) {
        next.setTemperature(r.getTemperature());
      }
      if (r.getPh() != null) {
        next.setPh(r.getPh());
      }
      if (r.getEc() != null) {
        next.setEc(r.getEc());
      }
      if (r.getNitrogen() != null) {
        next.setNitrogen(r.getNitrogen());
      }
      if (r.getPhosphorus() != null) {
        next.setPhosphorus(r.getPhosphorus());
      }
      if (r.getPotassium() != null) {
        next.setPotassium(r.getPotassium());
      }
      next.setHistory(history(current == null ? List.of() : current.getHistory(), r));
      next.setDaily(DailyStats.after(current, r));
    } else if (event instanceof SensorProfileUpdated p) {
      if (current != null && p.equals(current.getProfile())) {
        return Optional.empty();
      }
      next = start(current, p.getSensorUuid()).setProfile(p);
    } else if (event instanceof ForecastUpdated f) {
      if (current != null && f.equals(current.getForecast())) {
        return Optional.empty();
      }
      next = start(current, f.getSensorUuid()).setForecast(f);
    } else if (event instanceof WeatherChanged w) {
      if (current == null
          ? w.weather() == null
          : Objects.equals(w.weather(), current.getWeather())) {
        return Optional.empty();
      }
      next = start(current, w.sensorUuid()).setWeather(w.weather());
    } else {
      throw new IllegalArgumentException("not a sensor event: " + event.getClass().getSimpleName());
    }
    var snapshot =
        next.setVersion(next.getVersion() + 1).setTextEn("").setTextFa("").setTextAr("").build();
    var sections = text.sections(snapshot);
    snapshot.setTextEn(SnapshotText.text(sections, "en"));
    snapshot.setTextFa(SnapshotText.text(sections, "fa"));
    snapshot.setTextAr(SnapshotText.text(sections, "ar"));
    return Optional.of(new Folded(snapshot, sections));
  }

  private static SensorSnapshotUpdated.Builder start(SensorSnapshotUpdated current, String sensor) {
    if (current != null) {
      return SensorSnapshotUpdated.newBuilder(current);
    }
    return SensorSnapshotUpdated.newBuilder()
        .setSensorUuid(sensor)
        .setVersion(0)
        .setLastEventId("")
        .setMeasuredAt(Instant.EPOCH)
        .setReceivedAt(Instant.EPOCH)
        .setHistory(List.of());
  }

  /** Adds the reading to its hour's statistics and drops hours older than 24 h before it. */
  static List<HourlyStat> history(List<HourlyStat> before, SensorReadingReceived r) {
    Instant hour = r.getMeasuredAt().truncatedTo(ChronoUnit.HOURS);
    Instant oldest = hour.minus(HISTORY).plus(Duration.ofHours(1));
    var after = new ArrayList<HourlyStat>();
    for (HourlyStat s : before) {
      if (!s.getHourStart().isBefore(oldest)) {
        after.add(HourlyStat.newBuilder(s).build());
      }
    }
    for (Field f : FIELDS) {
      Double v = f.value().apply(r);
      if (v == null) {
        continue;
      }
      var bucket =
          after.stream()
              .filter(s -> s.getField().equals(f.name()) && s.getHourStart().equals(hour))
              .findFirst();
      if (bucket.isPresent()) {
        var s = bucket.get();
        s.setMin(Math.min(s.getMin(), v));
        s.setMax(Math.max(s.getMax(), v));
        s.setLast(v);
        s.setCount(s.getCount() + 1);
      } else {
        after.add(new HourlyStat(f.name(), hour, v, v, v, v, 1));
      }
    }
    after.sort(Comparator.comparing(HourlyStat::getField).thenComparing(HourlyStat::getHourStart));
    return after;
  }
}
