package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.snapshot.SnapshotText.number;

import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The profile section of a snapshot's text: location, soil texture, readings at depth. */
final class ProfileText {

  private ProfileText() {}

  /** USDA texture classes, as Persian and Arabic soil science name them. */
  private static final Map<String, String[]> TEXTURES =
      Map.ofEntries(
          Map.entry("sand", new String[] {"شنی", "رملية"}),
          Map.entry("loamy sand", new String[] {"شنی لومی", "رملية طميية"}),
          Map.entry("sandy loam", new String[] {"لوم شنی", "طميية رملية"}),
          Map.entry("loam", new String[] {"لوم", "طميية"}),
          Map.entry("silt loam", new String[] {"لوم سیلتی", "طميية غرينية"}),
          Map.entry("silt", new String[] {"سیلتی", "غرينية"}),
          Map.entry("sandy clay loam", new String[] {"لوم رسی شنی", "طميية طينية رملية"}),
          Map.entry("clay loam", new String[] {"لوم رسی", "طميية طينية"}),
          Map.entry("silty clay loam", new String[] {"لوم رسی سیلتی", "طميية طينية غرينية"}),
          Map.entry("sandy clay", new String[] {"رسی شنی", "طينية رملية"}),
          Map.entry("silty clay", new String[] {"رسی سیلتی", "طينية غرينية"}),
          Map.entry("clay", new String[] {"رسی", "طينية"}));

  static SnapshotText.Section section(String sensor, SensorProfileUpdated p) {
    String texture = p.getSoilTexture();
    String[] named = TEXTURES.getOrDefault(texture, new String[] {texture, texture});
    var depthsEn = new ArrayList<String>();
    var depthsFa = new ArrayList<String>();
    var depthsAr = new ArrayList<String>();
    for (DepthReading d : p.getDepths()) {
      var en = new ArrayList<String>();
      var fa = new ArrayList<String>();
      var ar = new ArrayList<String>();
      if (d.getSoilMoisture() != null) {
        en.add("moisture " + number(d.getSoilMoisture()) + " %");
        fa.add("رطوبت " + number(d.getSoilMoisture()) + " درصد");
        ar.add("الرطوبة " + number(d.getSoilMoisture()) + " %");
      }
      if (d.getTemperature() != null) {
        en.add("temperature " + number(d.getTemperature()) + " °C");
        fa.add("دما " + number(d.getTemperature()) + " درجه");
        ar.add("درجة الحرارة " + number(d.getTemperature()) + " درجة مئوية");
      }
      if (d.getEc() != null) {
        en.add("EC " + number(d.getEc()) + " dS/m");
        fa.add("EC " + number(d.getEc()) + " دسی‌زیمنس بر متر");
        ar.add("EC " + number(d.getEc()) + " ديسيسيمنز/م");
      }
      if (!en.isEmpty()) {
        depthsEn.add("at " + d.getDepthCm() + " cm: " + String.join(", ", en));
        depthsFa.add("در عمق " + d.getDepthCm() + " سانتی‌متر: " + String.join("، ", fa));
        depthsAr.add("على عمق " + d.getDepthCm() + " سم: " + String.join("، ", ar));
      }
    }
    String soilEn = "soil texture " + texture + depths("; ", depthsEn) + ".";
    String soilFa = "بافت خاک " + named[0] + " (" + texture + ")" + depths("؛ ", depthsFa) + ".";
    String soilAr = "قوام التربة " + named[1] + " (" + texture + ")" + depths("؛ ", depthsAr) + ".";
    String lat = number(p.getLatitude());
    String lon = number(p.getLongitude());
    return SnapshotText.section(
        "profile",
        "Profile of your sensor "
            + sensor
            + ": location "
            + coordinate(p.getLatitude(), "N", "S")
            + ", "
            + coordinate(p.getLongitude(), "E", "W")
            + "; "
            + soilEn,
        "Profile of your sensor: " + soilEn,
        "مشخصات حسگر شما " + sensor + ": موقعیت عرض " + lat + " و طول " + lon + "؛ " + soilFa,
        "مشخصات حسگر شما: " + soilFa,
        "بيانات مستشعرك "
            + sensor
            + ": الموقع خط العرض "
            + lat
            + " وخط الطول "
            + lon
            + "؛ "
            + soilAr,
        "بيانات مستشعرك: " + soilAr);
  }

  private static String depths(String separator, List<String> depths) {
    return depths.isEmpty() ? "" : separator + String.join(separator, depths);
  }

  private static String coordinate(double v, String positive, String negative) {
    return number(Math.abs(v)) + " " + (v >= 0 ? positive : negative);
  }
}
