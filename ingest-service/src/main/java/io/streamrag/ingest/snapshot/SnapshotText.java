package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sensor snapshot as text, in English and in Persian (S1.3), for the index and the prompt.
 * Numbers keep Latin digits in both languages so they read the same to people and to search.
 */
public final class SnapshotText {

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** The English rendering. */
  public String english(SensorSnapshotUpdated s) {
    var parts = new ArrayList<String>();
    add(parts, "soil moisture", s.getSoilMoisture(), "%");
    add(parts, "soil temperature", s.getTemperature(), "°C");
    add(parts, "soil pH", s.getPh(), "");
    add(parts, "electrical conductivity (EC)", s.getEc(), "dS/m");
    add(parts, "nitrogen (N)", s.getNitrogen(), "mg/kg");
    add(parts, "phosphorus (P)", s.getPhosphorus(), "mg/kg");
    add(parts, "potassium (K)", s.getPotassium(), "mg/kg");
    return "Current soil readings of your sensor "
        + s.getSensorUuid()
        + ", measured "
        + WHEN.format(s.getMeasuredAt())
        + ": "
        + String.join(", ", parts)
        + ".";
  }

  /** The Persian rendering. */
  public String persian(SensorSnapshotUpdated s) {
    var parts = new ArrayList<String>();
    add(parts, "رطوبت خاک", s.getSoilMoisture(), "درصد");
    add(parts, "دمای خاک", s.getTemperature(), "درجه سانتی‌گراد");
    add(parts, "اسیدیته خاک (pH)", s.getPh(), "");
    add(parts, "هدایت الکتریکی (EC)", s.getEc(), "دسی‌زیمنس بر متر");
    add(parts, "نیتروژن (N)", s.getNitrogen(), "میلی‌گرم بر کیلوگرم");
    add(parts, "فسفر (P)", s.getPhosphorus(), "میلی‌گرم بر کیلوگرم");
    add(parts, "پتاسیم (K)", s.getPotassium(), "میلی‌گرم بر کیلوگرم");
    return "آخرین داده‌های خاک حسگر شما "
        + s.getSensorUuid()
        + "، اندازه‌گیری‌شده در "
        + WHEN.format(s.getMeasuredAt())
        + ": "
        + String.join("، ", parts)
        + ".";
  }

  private static void add(List<String> parts, String label, Double value, String unit) {
    if (value != null) {
      parts.add(label + " " + number(value) + (unit.isEmpty() ? "" : " " + unit));
    }
  }

  /** 12.5 stays 12.5, 18.0 becomes 18, 6.8333 becomes 6.83. */
  static String number(double v) {
    double rounded = Math.round(v * 100) / 100.0;
    if (rounded == Math.rint(rounded)) {
      return String.valueOf((long) rounded);
    }
    return String.valueOf(rounded);
  }
}
