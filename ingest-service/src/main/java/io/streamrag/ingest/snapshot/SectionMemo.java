package io.streamrag.ingest.snapshot;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.streamrag.schemas.sensor.HourlyStat;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The sections of a sensor's snapshot as last rendered, each with what its text depends on, so a
 * section whose inputs did not change is not rendered again and is the same object as before. A
 * station's observation changes only the weather section of each linked field; a reading only the
 * readings section. Exact: a section is reused only when every input its renderer reads is equal
 * (readings: time, the seven values and the 24 h statistics; profile, forecast, weather: their
 * records). Bounded to {@link #SENSORS} sensors, least recently used first out, with no thread of
 * its own.
 */
final class SectionMemo {

  /** About 10 KB per sensor held (six texts of a few hundred characters per section). */
  static final int SENSORS = 4_096;

  /** Readings, profile, forecast, weather: the positions {@link SnapshotText} renders them at. */
  static final int READINGS = 0;

  static final int PROFILE = 1;
  static final int FORECAST = 2;
  static final int WEATHER = 3;

  private final Cache<String, Held> bySensor =
      Caffeine.newBuilder().maximumSize(SENSORS).executor(Runnable::run).build();

  /** One sensor's sections, by position, with their inputs. */
  private static final class Held {
    final Object[] inputs = new Object[4];
    final SnapshotText.Section[] sections = new SnapshotText.Section[4];
  }

  /** The readings section's inputs, compared field by field (Avro's equals is reflective). */
  record ReadingsInput(Object[] values, List<HourlyStat> history) {

    static ReadingsInput of(SensorSnapshotUpdated s) {
      return new ReadingsInput(
          new Object[] {
            s.getMeasuredAt(),
            s.getSoilMoisture(),
            s.getTemperature(),
            s.getPh(),
            s.getEc(),
            s.getNitrogen(),
            s.getPhosphorus(),
            s.getPotassium()
          },
          s.getHistory());
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof ReadingsInput other)
          || !Arrays.equals(values, other.values)
          || history.size() != other.history.size()) {
        return false;
      }
      for (int i = 0; i < history.size(); i++) {
        if (!same(history.get(i), other.history.get(i))) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(values);
    }

    private static boolean same(HourlyStat a, HourlyStat b) {
      return a.getField().equals(b.getField())
          && a.getHourStart().equals(b.getHourStart())
          && a.getMin() == b.getMin()
          && a.getMax() == b.getMax()
          && a.getFirst() == b.getFirst()
          && a.getLast() == b.getLast()
          && a.getCount() == b.getCount();
    }
  }

  /**
   * The section at {@code position}: the one rendered before if {@code input} equals what it was
   * rendered from, else {@code render}'s, remembered.
   */
  SnapshotText.Section section(
      String sensor, int position, Object input, Supplier<SnapshotText.Section> render) {
    var held = bySensor.get(sensor, s -> new Held());
    synchronized (held) {
      if (held.sections[position] != null && Objects.equals(held.inputs[position], input)) {
        return held.sections[position];
      }
      var section = render.get();
      held.inputs[position] = input;
      held.sections[position] = section;
      return section;
    }
  }
}
