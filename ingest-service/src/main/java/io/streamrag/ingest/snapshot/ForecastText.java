package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.ForecastDay;
import java.util.ArrayList;
import java.util.List;

/** The forecast section of a snapshot's text, in English, Persian and Arabic (S1.3). */
final class ForecastText {

  private ForecastText() {}

  /** Day by day, then the totals of rain and ET0 over the forecast. */
  static SnapshotText.Section section(String sensor, List<ForecastDay> days) {
    var en = new ArrayList<String>();
    var fa = new ArrayList<String>();
    var ar = new ArrayList<String>();
    double rain = 0;
    double et0 = 0;
    boolean allEt0 = true;
    for (ForecastDay d : days) {
      rain += d.getPrecipitationMm();
      if (d.getEt0Mm() == null) {
        allEt0 = false;
      } else {
        et0 += d.getEt0Mm();
      }
      en.add(
          d.getDate()
              + ": "
              + SnapshotText.number(d.getTMin())
              + " to "
              + SnapshotText.number(d.getTMax())
              + " °C, rain "
              + SnapshotText.number(d.getPrecipitationMm())
              + " mm"
              + optional(d.getHumidity(), ", humidity ", " %")
              + optional(d.getWindSpeed(), ", wind ", " m/s")
              + optional(d.getEt0Mm(), ", ET0 ", " mm"));
      fa.add(
          d.getDate()
              + ": دما "
              + SnapshotText.number(d.getTMin())
              + " تا "
              + SnapshotText.number(d.getTMax())
              + " درجه، بارش "
              + SnapshotText.number(d.getPrecipitationMm())
              + " میلی‌متر"
              + optional(d.getHumidity(), "، رطوبت هوا ", " درصد")
              + optional(d.getWindSpeed(), "، باد ", " متر بر ثانیه")
              + optional(d.getEt0Mm(), "، تبخیر و تعرق مرجع (ET0) ", " میلی‌متر"));
      ar.add(
          d.getDate()
              + ": الحرارة من "
              + SnapshotText.number(d.getTMin())
              + " إلى "
              + SnapshotText.number(d.getTMax())
              + " درجة مئوية، الأمطار "
              + SnapshotText.number(d.getPrecipitationMm())
              + " ملم"
              + optional(d.getHumidity(), "، الرطوبة الجوية ", " %")
              + optional(d.getWindSpeed(), "، الرياح ", " م/ث")
              + optional(d.getEt0Mm(), "، التبخر النتحي المرجعي (ET0) ", " ملم"));
    }
    String totalEn =
        " Total over "
            + days.size()
            + " days: rain "
            + SnapshotText.number(rain)
            + " mm"
            + (allEt0 ? ", ET0 " + SnapshotText.number(et0) + " mm" : "")
            + ".";
    String totalFa =
        " مجموع "
            + days.size()
            + " روز: بارش "
            + SnapshotText.number(rain)
            + " میلی‌متر"
            + (allEt0 ? "، تبخیر و تعرق مرجع " + SnapshotText.number(et0) + " میلی‌متر" : "")
            + ".";
    // «عددها N» keeps the Arabic correct for any N, whose noun would otherwise change form
    String totalAr =
        " المجموع خلال أيام التوقعات (عددها "
            + days.size()
            + "): الأمطار "
            + SnapshotText.number(rain)
            + " ملم"
            + (allEt0 ? "، التبخر النتحي المرجعي " + SnapshotText.number(et0) + " ملم" : "")
            + ".";
    String daysEn = String.join("; ", en) + "." + totalEn;
    String daysFa = String.join("؛ ", fa) + "." + totalFa;
    String daysAr = String.join("؛ ", ar) + "." + totalAr;
    return SnapshotText.section(
        "forecast",
        "Weather forecast at your sensor " + sensor + ": " + daysEn,
        "Weather forecast at your sensor: " + daysEn,
        "پیش‌بینی هوا در محل حسگر شما " + sensor + ": " + daysFa,
        "پیش‌بینی هوا در محل حسگر شما: " + daysFa,
        "توقعات الطقس في موقع مستشعرك " + sensor + ": " + daysAr,
        "توقعات الطقس في موقع مستشعرك: " + daysAr);
  }

  private static String optional(Double v, String before, String after) {
    return v == null ? "" : before + SnapshotText.number(v) + after;
  }
}
