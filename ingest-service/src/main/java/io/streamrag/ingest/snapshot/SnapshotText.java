package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A sensor snapshot as text, in English and in Persian (S1.3), for the index and the prompt.
 * Numbers keep Latin digits in both languages so they read the same to people and to search.
 */
public final class SnapshotText {

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** One measurement with its label and unit in each language. */
  private record Line(
      Function<SensorSnapshotUpdated, Double> value,
      String en,
      String enUnit,
      String fa,
      String faUnit) {}

  private static final List<Line> LINES =
      List.of(
          new Line(
              SensorSnapshotUpdated::getSoilMoisture, "soil moisture", "%", "رطوبت خاک", "درصد"),
          new Line(
              SensorSnapshotUpdated::getTemperature,
              "soil temperature",
              "°C",
              "دمای خاک",
              "درجه سانتی‌گراد"),
          new Line(SensorSnapshotUpdated::getPh, "soil pH", "", "اسیدیته خاک (pH)", ""),
          new Line(
              SensorSnapshotUpdated::getEc,
              "electrical conductivity (EC)",
              "dS/m",
              "هدایت الکتریکی (EC)",
              "دسی‌زیمنس بر متر"),
          new Line(
              SensorSnapshotUpdated::getNitrogen,
              "nitrogen (N)",
              "mg/kg",
              "نیتروژن (N)",
              "میلی‌گرم بر کیلوگرم"),
          new Line(
              SensorSnapshotUpdated::getPhosphorus,
              "phosphorus (P)",
              "mg/kg",
              "فسفر (P)",
              "میلی‌گرم بر کیلوگرم"),
          new Line(
              SensorSnapshotUpdated::getPotassium,
              "potassium (K)",
              "mg/kg",
              "پتاسیم (K)",
              "میلی‌گرم بر کیلوگرم"));

  /** The English rendering. */
  public String english(SensorSnapshotUpdated s) {
    return "Current soil readings of your sensor "
        + s.getSensorUuid()
        + ", measured "
        + WHEN.format(s.getMeasuredAt())
        + ": "
        + values(s, true, ", ")
        + ".";
  }

  /** The Persian rendering. */
  public String persian(SensorSnapshotUpdated s) {
    return "آخرین داده‌های خاک حسگر شما "
        + s.getSensorUuid()
        + "، اندازه‌گیری‌شده در "
        + WHEN.format(s.getMeasuredAt())
        + ": "
        + values(s, false, "، ")
        + ".";
  }

  private static String values(SensorSnapshotUpdated s, boolean english, String separator) {
    return LINES.stream()
        .map(
            line -> {
              Double v = line.value().apply(s);
              if (v == null) {
                return null;
              }
              String unit = english ? line.enUnit() : line.faUnit();
              return (english ? line.en() : line.fa())
                  + " "
                  + number(v)
                  + (unit.isEmpty() ? "" : " " + unit);
            })
        .filter(Objects::nonNull)
        .collect(Collectors.joining(separator));
  }

  /** 12.5 stays 12.5, 18.0 becomes 18, 6.8333 becomes 6.83. */
  static String number(double v) {
    double rounded = Math.round(v * 100) / 100.0;
    return rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded);
  }
}
