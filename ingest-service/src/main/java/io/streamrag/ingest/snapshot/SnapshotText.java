package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A sensor snapshot as text in English, Persian and Arabic (S1.3), in sections: current readings
 * with their last 24 hours ({@link ReadingsText}), the profile ({@link ProfileText}), the forecast
 * ({@link ForecastText}), what the field's weather station observed ({@link WeatherText}). Each
 * section is indexed on its own, so a new reading re-embeds only the readings. Numbers keep Latin
 * digits in every language.
 */
public final class SnapshotText {

  /** The languages every section is rendered in. */
  public static final List<String> LANGUAGES = List.of("en", "fa", "ar");

  /**
   * One part of the snapshot, rendered in each of {@link #LANGUAGES}, in that order.
   *
   * @param citation what an answer cites it as; null for the sensor's own section
   */
  public record Section(String name, List<Rendering> renderings, String citation) {

    public Section(String name, List<Rendering> renderings) {
      this(name, renderings, null);
    }

    /** The rendering in one language. */
    public Rendering in(String language) {
      return renderings.stream()
          .filter(r -> r.language().equals(language))
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException("no " + language + " rendering"));
    }
  }

  /**
   * One section in one language.
   *
   * @param text as indexed and shown (with the sensor id and time)
   * @param meaning the same without identifiers and times, for the embedder: a UUID and a timestamp
   *     cost dozens of word pieces and carry no meaning a vector can use
   */
  public record Rendering(String language, String text, String meaning) {}

  static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final SectionMemo memo;

  /** Renders every section on every call. */
  public SnapshotText() {
    this(null);
  }

  private SnapshotText(SectionMemo memo) {
    this.memo = memo;
  }

  /**
   * Reuses a sensor's section as last rendered when nothing it is rendered from changed ({@link
   * SectionMemo}): the same object, so the indexer knows it without comparing text.
   */
  public static SnapshotText remembering() {
    return new SnapshotText(new SectionMemo());
  }

  /**
   * The sections that have something to say, in order: readings, profile, forecast, weather
   * observed.
   */
  public List<Section> sections(SensorSnapshotUpdated s) {
    var out = new ArrayList<Section>();
    String sensor = s.getSensorUuid();
    if (!s.getMeasuredAt().equals(Instant.EPOCH)) {
      out.add(
          section(
              sensor,
              SectionMemo.READINGS,
              memo == null ? null : SectionMemo.ReadingsInput.of(s),
              () -> ReadingsText.section(s)));
    }
    if (s.getProfile() != null) {
      out.add(
          section(
              sensor,
              SectionMemo.PROFILE,
              s.getProfile(),
              () -> ProfileText.section(sensor, s.getProfile())));
    }
    if (s.getForecast() != null && !s.getForecast().getDays().isEmpty()) {
      out.add(
          section(
              sensor,
              SectionMemo.FORECAST,
              s.getForecast().getDays(),
              () -> ForecastText.section(sensor, s.getForecast().getDays())));
    }
    if (s.getWeather() != null && !s.getWeather().getDays().isEmpty()) {
      out.add(
          section(
              sensor,
              SectionMemo.WEATHER,
              s.getWeather(),
              () -> WeatherText.section(sensor, s.getWeather())));
    }
    return out;
  }

  private Section section(String sensor, int position, Object input, Supplier<Section> render) {
    return memo == null ? render.get() : memo.section(sensor, position, input, render);
  }

  /** The whole snapshot, from its sections, in one of {@link #LANGUAGES}. */
  static String text(List<Section> sections, String language) {
    return sections.stream()
        .map(section -> section.in(language).text())
        .collect(Collectors.joining("\n"));
  }

  /** A section from its English, Persian and Arabic text and meaning, in that order. */
  static Section section(String name, String... textAndMeaning) {
    var renderings = new ArrayList<Rendering>();
    for (int i = 0; i < LANGUAGES.size(); i++) {
      renderings.add(
          new Rendering(LANGUAGES.get(i), textAndMeaning[2 * i], textAndMeaning[2 * i + 1]));
    }
    return new Section(name, List.copyOf(renderings));
  }

  static String unit(String unit) {
    return unit.isEmpty() ? "" : " " + unit;
  }

  /** 12.5 stays 12.5, 18.0 becomes 18, 6.8333 becomes 6.83. */
  static String number(double v) {
    double rounded = Math.round(v * 100) / 100.0;
    return rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded);
  }
}
