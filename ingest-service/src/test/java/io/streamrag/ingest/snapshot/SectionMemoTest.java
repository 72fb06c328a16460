package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.SensorEvents.forecast;
import static io.streamrag.ingest.SensorEvents.profile;
import static io.streamrag.ingest.SensorEvents.reading;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.FieldWeather;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Sections remembered between snapshots: never different from a fresh rendering, and the same
 * object when what they are rendered from did not change.
 */
class SectionMemoTest {

  static final String SENSOR = WeatherSnapshotTest.SENSOR;
  static final Instant T = Instant.parse("2026-12-05T06:00:00Z");

  @Test
  void aRememberedSectionIsAlwaysWhatAFreshRenderingGives() {
    var remembering = new SnapshotFolder(SnapshotText.remembering());
    var fresh = new SnapshotText();
    var random = new Random(7);
    SensorSnapshotUpdated s = null;
    int changed = 0;
    for (int step = 0; step < 2_000; step++) {
      // readings (some repeating a value, some a whole hour later), profile and forecast edits
      // that come back to earlier values, a station's new day, an unlink
      Object event =
          switch (random.nextInt(6)) {
            case 0, 1 ->
                reading(
                    SENSOR,
                    "r" + step,
                    T.plusSeconds(600L * step + random.nextInt(3)),
                    (double) (15 + random.nextInt(4)),
                    random.nextBoolean() ? null : 6.0 + random.nextInt(3) / 10.0);
            case 2 -> profile(SENSOR, T.plusSeconds(random.nextInt(2)));
            case 3 -> forecast(SENSOR, T, random.nextInt(3) * 2.5);
            case 4 -> new WeatherChanged(SENSOR, weather(random.nextInt(3)));
            default -> new WeatherChanged(SENSOR, random.nextInt(4) == 0 ? null : weather(0));
          };
      var next = remembering.foldRendered(s, event);
      if (next.isEmpty()) {
        continue;
      }
      changed++;
      s = next.get().snapshot();
      assertThat(next.get().sections()).as("step %d", step).isEqualTo(fresh.sections(s));
    }
    assertThat(changed).isGreaterThan(1_000);
  }

  @Test
  void aStationsNewDayReRendersOnlyTheWeatherSection() {
    var text = SnapshotText.remembering();
    var folder = new SnapshotFolder(text);
    var s = folder.fold(null, reading(SENSOR, "a", T, 20.0, 6.5)).orElseThrow();
    s = folder.fold(s, reading(SENSOR, "b", T.plusSeconds(600), 21.0, 6.5)).orElseThrow();
    s = folder.fold(s, profile(SENSOR, T)).orElseThrow();
    s = folder.fold(s, forecast(SENSOR, T, 2.5)).orElseThrow();
    s = folder.fold(s, new WeatherChanged(SENSOR, weather(0))).orElseThrow();
    var before = text.sections(s);

    var after = folder.foldRendered(s, new WeatherChanged(SENSOR, weather(1))).orElseThrow();

    var sections = after.sections();
    assertThat(sections)
        .extracting(SnapshotText.Section::name)
        .containsExactly("readings", "profile", "forecast", "weather");
    for (int i = 0; i < 3; i++) {
      assertThat(sections.get(i)).as(sections.get(i).name()).isSameAs(before.get(i));
    }
    assertThat(sections.get(3)).isNotSameAs(before.get(3)).isNotEqualTo(before.get(3));
    assertThat(sections.get(3).in("en").text()).contains("12.5 mm of rain");
    // and the next reading, a minute later, renders the readings again, values and 24 hours
    var read =
        folder.foldRendered(after.snapshot(), reading(SENSOR, "c", T.plusSeconds(660), 21.0, 6.5));
    assertThat(read.orElseThrow().sections().get(0)).isNotEqualTo(sections.get(0));
    assertThat(read.orElseThrow().sections().get(3)).isSameAs(sections.get(3));
  }

  /** The station's days; {@code variant} 1 adds yesterday's 12.5 mm, 2 a later observation time. */
  static FieldWeather weather(int variant) {
    var w = WeatherSnapshotTest.weather();
    var days = variant == 1 ? w.getDays() : List.of(w.getDays().get(0));
    return FieldWeather.newBuilder(w)
        .setDays(days)
        .setReceivedAt(w.getReceivedAt().plusSeconds(variant == 2 ? 3_600 : 0))
        .build();
  }
}
