package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.HourlyStat;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A sensor snapshot as text in English and Persian (S1.3), in sections: current readings with their
 * last 24 hours, the profile, the forecast. Each section is indexed on its own, so a new reading
 * re-embeds only the readings. Numbers keep Latin digits in both languages.
 */
public final class SnapshotText {

  /**
   * One part of the snapshot, in both languages.
   *
   * @param en the English text, as indexed and shown (with the sensor id and time)
   * @param fa the Persian text, as indexed and shown
   * @param enMeaning the English text without identifiers and times, for the embedder: a UUID and a
   *     timestamp cost dozens of word pieces and carry no meaning a vector can use
   * @param faMeaning the same for Persian
   */
  public record Section(String name, String en, String fa, String enMeaning, String faMeaning) {}

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** A measurement: how to read it, its labels and units, and the change that counts as a trend. */
  private record Line(
      String field,
      Function<SensorSnapshotUpdated, Double> value,
      String en,
      String enUnit,
      String fa,
      String faUnit,
      double trend) {}

  private static final List<Line> LINES =
      List.of(
          new Line(
              "soil_moisture",
              SensorSnapshotUpdated::getSoilMoisture,
              "soil moisture",
              "%",
              "رطوبت خاک",
              "درصد",
              1.0),
          new Line(
              "temperature",
              SensorSnapshotUpdated::getTemperature,
              "soil temperature",
              "°C",
              "دمای خاک",
              "درجه سانتی‌گراد",
              0.5),
          new Line("ph", SensorSnapshotUpdated::getPh, "soil pH", "", "اسیدیته خاک (pH)", "", 0.1),
          new Line(
              "ec",
              SensorSnapshotUpdated::getEc,
              "electrical conductivity (EC)",
              "dS/m",
              "هدایت الکتریکی (EC)",
              "دسی‌زیمنس بر متر",
              0.1),
          new Line(
              "nitrogen",
              SensorSnapshotUpdated::getNitrogen,
              "nitrogen (N)",
              "mg/kg",
              "نیتروژن (N)",
              "میلی‌گرم بر کیلوگرم",
              2),
          new Line(
              "phosphorus",
              SensorSnapshotUpdated::getPhosphorus,
              "phosphorus (P)",
              "mg/kg",
              "فسفر (P)",
              "میلی‌گرم بر کیلوگرم",
              2),
          new Line(
              "potassium",
              SensorSnapshotUpdated::getPotassium,
              "potassium (K)",
              "mg/kg",
              "پتاسیم (K)",
              "میلی‌گرم بر کیلوگرم",
              2));

  private static final Map<String, String> TEXTURES_FA =
      Map.ofEntries(
          Map.entry("sand", "شنی"),
          Map.entry("loamy sand", "شنی لومی"),
          Map.entry("sandy loam", "لوم شنی"),
          Map.entry("loam", "لوم"),
          Map.entry("silt loam", "لوم سیلتی"),
          Map.entry("silt", "سیلتی"),
          Map.entry("sandy clay loam", "لوم رسی شنی"),
          Map.entry("clay loam", "لوم رسی"),
          Map.entry("silty clay loam", "لوم رسی سیلتی"),
          Map.entry("sandy clay", "رسی شنی"),
          Map.entry("silty clay", "رسی سیلتی"),
          Map.entry("clay", "رسی"));

  /** The sections that have something to say, in order: readings, profile, forecast. */
  public List<Section> sections(SensorSnapshotUpdated s) {
    var out = new ArrayList<Section>();
    if (!s.getMeasuredAt().equals(Instant.EPOCH)) {
      out.add(readings(s));
    }
    if (s.getProfile() != null) {
      out.add(profile(s.getSensorUuid(), s.getProfile()));
    }
    if (s.getForecast() != null && !s.getForecast().getDays().isEmpty()) {
      out.add(ForecastText.section(s.getSensorUuid(), s.getForecast().getDays()));
    }
    return out;
  }

  /** The whole snapshot in English. */
  public String english(SensorSnapshotUpdated s) {
    return sections(s).stream().map(Section::en).collect(Collectors.joining("\n"));
  }

  /** The whole snapshot in Persian. */
  public String persian(SensorSnapshotUpdated s) {
    return sections(s).stream().map(Section::fa).collect(Collectors.joining("\n"));
  }

  private static Section readings(SensorSnapshotUpdated s) {
    var en = new ArrayList<String>();
    var fa = new ArrayList<String>();
    var trendEn = new ArrayList<String>();
    var trendFa = new ArrayList<String>();
    for (Line line : LINES) {
      Double v = line.value().apply(s);
      if (v == null) {
        continue;
      }
      en.add(line.en() + " " + number(v) + unit(line.enUnit()));
      fa.add(line.fa() + " " + number(v) + unit(line.faUnit()));
      var hours = s.getHistory().stream().filter(h -> h.getField().equals(line.field())).toList();
      if (hours.stream().mapToInt(HourlyStat::getCount).sum() >= 2) {
        double min = hours.stream().mapToDouble(HourlyStat::getMin).min().orElseThrow();
        double max = hours.stream().mapToDouble(HourlyStat::getMax).max().orElseThrow();
        double change = hours.get(hours.size() - 1).getLast() - hours.get(0).getFirst();
        String dir = Math.abs(change) < line.trend() ? "steady" : change > 0 ? "rising" : "falling";
        trendEn.add(
            line.en()
                + " "
                + number(min)
                + "–"
                + number(max)
                + unit(line.enUnit())
                + " ("
                + dir
                + (dir.equals("steady")
                    ? ""
                    : ", " + (change > 0 ? "+" : "−") + number(Math.abs(change)))
                + ")");
        String dirFa =
            dir.equals("steady")
                ? "ثابت"
                : (change > 0 ? "افزایش " : "کاهش ") + number(Math.abs(change));
        trendFa.add(
            line.fa()
                + " بین "
                + number(min)
                + " و "
                + number(max)
                + unit(line.faUnit())
                + " ("
                + dirFa
                + ")");
      }
    }
    String when = WHEN.format(s.getMeasuredAt());
    String valuesEn = String.join(", ", en) + ".";
    String valuesFa = String.join("، ", fa) + ".";
    String historyEn =
        trendEn.isEmpty() ? "" : " Last 24 hours: " + String.join(", ", trendEn) + ".";
    String historyFa =
        trendFa.isEmpty() ? "" : " در 24 ساعت گذشته: " + String.join("، ", trendFa) + ".";
    return new Section(
        "readings",
        "Current soil readings of your sensor "
            + s.getSensorUuid()
            + ", measured "
            + when
            + ": "
            + valuesEn
            + historyEn,
        "آخرین داده‌های خاک حسگر شما "
            + s.getSensorUuid()
            + "، اندازه‌گیری‌شده در "
            + when
            + ": "
            + valuesFa
            + historyFa,
        "Current soil readings of your sensor: " + valuesEn + historyEn,
        "آخرین داده‌های خاک حسگر شما: " + valuesFa + historyFa);
  }

  private static Section profile(String sensor, SensorProfileUpdated p) {
    String texture = p.getSoilTexture();
    var depthsEn = new ArrayList<String>();
    var depthsFa = new ArrayList<String>();
    for (DepthReading d : p.getDepths()) {
      var en = new ArrayList<String>();
      var fa = new ArrayList<String>();
      if (d.getSoilMoisture() != null) {
        en.add("moisture " + number(d.getSoilMoisture()) + " %");
        fa.add("رطوبت " + number(d.getSoilMoisture()) + " درصد");
      }
      if (d.getTemperature() != null) {
        en.add("temperature " + number(d.getTemperature()) + " °C");
        fa.add("دما " + number(d.getTemperature()) + " درجه");
      }
      if (d.getEc() != null) {
        en.add("EC " + number(d.getEc()) + " dS/m");
        fa.add("EC " + number(d.getEc()) + " دسی‌زیمنس بر متر");
      }
      if (!en.isEmpty()) {
        depthsEn.add("at " + d.getDepthCm() + " cm: " + String.join(", ", en));
        depthsFa.add("در عمق " + d.getDepthCm() + " سانتی‌متر: " + String.join("، ", fa));
      }
    }
    String soilEn =
        "soil texture "
            + texture
            + (depthsEn.isEmpty() ? "" : "; " + String.join("; ", depthsEn))
            + ".";
    String soilFa =
        "بافت خاک "
            + TEXTURES_FA.getOrDefault(texture, texture)
            + " ("
            + texture
            + ")"
            + (depthsFa.isEmpty() ? "" : "؛ " + String.join("؛ ", depthsFa))
            + ".";
    return new Section(
        "profile",
        "Profile of your sensor "
            + sensor
            + ": location "
            + coordinate(p.getLatitude(), "N", "S")
            + ", "
            + coordinate(p.getLongitude(), "E", "W")
            + "; "
            + soilEn,
        "مشخصات حسگر شما "
            + sensor
            + ": موقعیت عرض "
            + number(p.getLatitude())
            + " و طول "
            + number(p.getLongitude())
            + "؛ "
            + soilFa,
        "Profile of your sensor: " + soilEn,
        "مشخصات حسگر شما: " + soilFa);
  }

  private static String unit(String unit) {
    return unit.isEmpty() ? "" : " " + unit;
  }

  private static String coordinate(double v, String positive, String negative) {
    return number(Math.abs(v)) + " " + (v >= 0 ? positive : negative);
  }

  /** 12.5 stays 12.5, 18.0 becomes 18, 6.8333 becomes 6.83. */
  static String number(double v) {
    double rounded = Math.round(v * 100) / 100.0;
    return rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded);
  }
}
