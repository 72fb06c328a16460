package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.snapshot.SnapshotText.number;
import static io.streamrag.ingest.snapshot.SnapshotText.unit;

import io.streamrag.schemas.sensor.HourlyStat;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The readings section of a snapshot's text: latest values, then the last 24 hours' trends. Its
 * meaning (what the embedder reads) names the measurements and their trends but no number: numbers
 * place nothing a vector can compare (the lexical leg matches them), and without them the meaning
 * of a sensor's readings changes only when a trend turns, so most readings cost no embedding
 * (ingest keeps the vectors of recent meanings).
 */
final class ReadingsText {

  private ReadingsText() {}

  /** A measurement's name and unit in one language. */
  private record Label(String name, String unit) {}

  /** A measurement: how to read it, its labels, and the change that counts as a trend. */
  private record Line(
      String field,
      Function<SensorSnapshotUpdated, Double> value,
      Label en,
      Label fa,
      Label ar,
      double trend) {}

  private static final String MG_KG_FA = "میلی‌گرم بر کیلوگرم";
  private static final String MG_KG_AR = "ملغم/كغم";

  private static final List<Line> LINES =
      List.of(
          new Line(
              "soil_moisture",
              SensorSnapshotUpdated::getSoilMoisture,
              new Label("soil moisture", "%"),
              new Label("رطوبت خاک", "درصد"),
              new Label("رطوبة التربة", "%"),
              1.0),
          new Line(
              "temperature",
              SensorSnapshotUpdated::getTemperature,
              new Label("soil temperature", "°C"),
              new Label("دمای خاک", "درجه سانتی‌گراد"),
              new Label("درجة حرارة التربة", "درجة مئوية"),
              0.5),
          new Line(
              "ph",
              SensorSnapshotUpdated::getPh,
              new Label("soil pH", ""),
              new Label("اسیدیته خاک (pH)", ""),
              new Label("درجة حموضة التربة (pH)", ""),
              0.1),
          new Line(
              "ec",
              SensorSnapshotUpdated::getEc,
              new Label("electrical conductivity (EC)", "dS/m"),
              new Label("هدایت الکتریکی (EC)", "دسی‌زیمنس بر متر"),
              new Label("التوصيل الكهربائي (EC)", "ديسيسيمنز/م"),
              0.1),
          new Line(
              "nitrogen",
              SensorSnapshotUpdated::getNitrogen,
              new Label("nitrogen (N)", "mg/kg"),
              new Label("نیتروژن (N)", MG_KG_FA),
              new Label("النيتروجين (N)", MG_KG_AR),
              2),
          new Line(
              "phosphorus",
              SensorSnapshotUpdated::getPhosphorus,
              new Label("phosphorus (P)", "mg/kg"),
              new Label("فسفر (P)", MG_KG_FA),
              new Label("الفوسفور (P)", MG_KG_AR),
              2),
          new Line(
              "potassium",
              SensorSnapshotUpdated::getPotassium,
              new Label("potassium (K)", "mg/kg"),
              new Label("پتاسیم (K)", MG_KG_FA),
              new Label("البوتاسيوم (K)", MG_KG_AR),
              2));

  static SnapshotText.Section section(SensorSnapshotUpdated s) {
    var en = new ArrayList<String>();
    var fa = new ArrayList<String>();
    var ar = new ArrayList<String>();
    var trendEn = new ArrayList<String>();
    var trendFa = new ArrayList<String>();
    var trendAr = new ArrayList<String>();
    var namesEn = new ArrayList<String>();
    var namesFa = new ArrayList<String>();
    var namesAr = new ArrayList<String>();
    var turnsEn = new ArrayList<String>();
    var turnsFa = new ArrayList<String>();
    var turnsAr = new ArrayList<String>();
    for (Line line : LINES) {
      Double v = line.value().apply(s);
      if (v == null) {
        continue;
      }
      en.add(value(line.en(), v));
      fa.add(value(line.fa(), v));
      ar.add(value(line.ar(), v));
      namesEn.add(line.en().name());
      namesFa.add(line.fa().name());
      namesAr.add(line.ar().name());
      var hours = s.getHistory().stream().filter(h -> h.getField().equals(line.field())).toList();
      if (hours.stream().mapToInt(HourlyStat::getCount).sum() < 2) {
        continue;
      }
      double min = hours.stream().mapToDouble(HourlyStat::getMin).min().orElseThrow();
      double max = hours.stream().mapToDouble(HourlyStat::getMax).max().orElseThrow();
      double change = hours.get(hours.size() - 1).getLast() - hours.get(0).getFirst();
      boolean steady = Math.abs(change) < line.trend();
      String size = number(Math.abs(change));
      turnsEn.add(line.en().name() + (steady ? " steady" : change > 0 ? " rising" : " falling"));
      turnsFa.add(
          line.fa().name() + (steady ? " ثابت" : change > 0 ? " در حال افزایش" : " در حال کاهش"));
      turnsAr.add(
          line.ar().name() + (steady ? " ثابتة" : change > 0 ? " في ارتفاع" : " في انخفاض"));
      trendEn.add(
          line.en().name()
              + " "
              + number(min)
              + "–"
              + number(max)
              + unit(line.en().unit())
              + (steady
                  ? " (steady)"
                  : change > 0 ? " (rising, +" + size + ")" : " (falling, −" + size + ")"));
      trendFa.add(
          range(line.fa(), " بین ", " و ", min, max)
              + (steady
                  ? " (ثابت)"
                  : change > 0 ? " (افزایش " + size + ")" : " (کاهش " + size + ")"));
      trendAr.add(
          range(line.ar(), " بين ", " و", min, max)
              + (steady
                  ? " (ثابت)"
                  : change > 0 ? " (ارتفاع " + size + ")" : " (انخفاض " + size + ")"));
    }
    String sensor = s.getSensorUuid();
    String when = SnapshotText.WHEN.format(s.getMeasuredAt());
    String valuesEn = String.join(", ", en) + "." + history(" Last 24 hours: ", trendEn, ", ");
    String valuesFa = String.join("، ", fa) + "." + history(" در 24 ساعت گذشته: ", trendFa, "، ");
    String valuesAr =
        String.join("، ", ar) + "." + history(" خلال الـ24 ساعة الماضية: ", trendAr, "، ");
    return SnapshotText.section(
        "readings",
        "Current soil readings of your sensor " + sensor + ", measured " + when + ": " + valuesEn,
        "Current soil readings of your sensor: "
            + String.join(", ", namesEn)
            + "."
            + history(" Last 24 hours: ", turnsEn, ", "),
        "آخرین داده‌های خاک حسگر شما " + sensor + "، اندازه‌گیری‌شده در " + when + ": " + valuesFa,
        "آخرین داده‌های خاک حسگر شما: "
            + String.join("، ", namesFa)
            + "."
            + history(" در 24 ساعت گذشته: ", turnsFa, "، "),
        "آخر قراءات التربة من مستشعرك " + sensor + "، المقيسة في " + when + ": " + valuesAr,
        "آخر قراءات التربة من مستشعرك: "
            + String.join("، ", namesAr)
            + "."
            + history(" خلال الـ24 ساعة الماضية: ", turnsAr, "، "));
  }

  private static String value(Label label, double v) {
    return label.name() + " " + number(v) + unit(label.unit());
  }

  /** «رطوبت خاک بین 18 و 30 درصد»; Arabic writes و joined to the number: «بين 18 و30». */
  private static String range(Label label, String between, String and, double min, double max) {
    return label.name() + between + number(min) + and + number(max) + unit(label.unit());
  }

  private static String history(String intro, List<String> trends, String separator) {
    return trends.isEmpty() ? "" : intro + String.join(separator, trends) + ".";
  }
}
