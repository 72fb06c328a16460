package io.streamrag.ingest.snapshot;

import static io.streamrag.ingest.snapshot.SnapshotText.number;

import io.streamrag.agronomy.et0.ReferenceEt;
import io.streamrag.schemas.weather.FieldWeather;
import io.streamrag.schemas.weather.StationDay;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The weather section of a snapshot: what the field's station observed, day by day, in English,
 * Persian and Arabic, led by yesterday's and today's rain in words a farmer asks with ("how much
 * rain fell on my field yesterday?"). "Yesterday" and "today" are the station's, as of its newest
 * observation. Cited as the station ({@code station/<id>}), so an answer names where its numbers
 * came from.
 */
final class WeatherText {

  private WeatherText() {}

  static SnapshotText.Section section(String sensor, FieldWeather w) {
    LocalDate today = LocalDate.ofInstant(w.getReceivedAt(), ZoneId.of(w.getTimeZone()));
    var en = new Lines();
    var fa = new Lines();
    var ar = new Lines();
    String km = w.getDistanceKm() == null ? "" : number(w.getDistanceKm());
    String at = w.getStationName() + " (" + w.getStationId() + ")";
    for (StationDay d : w.getDays()) {
      LocalDate date = LocalDate.parse(d.getDate());
      if (date.equals(today.minusDays(1))) {
        en.lead(
            "Yesterday, "
                + date
                + ", "
                + number(d.getRainMm())
                + " mm of rain fell on your field, measured at weather station "
                + at
                + et0En(d, "; ET0 was "));
        fa.lead(
            "دیروز، "
                + date
                + "، "
                + number(d.getRainMm())
                + " میلی‌متر باران در مزرعه شما بارید، به اندازه‌گیری ایستگاه هواشناسی "
                + at
                + et0Fa(d, "؛ تبخیر و تعرق مرجع (ET0) "));
        ar.lead(
            "أمس، "
                + date
                + "، هطل "
                + number(d.getRainMm())
                + " ملم من المطر على حقلك، بقياس محطة الأرصاد "
                + at
                + et0Ar(d, "؛ وبلغ التبخر النتحي المرجعي (ET0) "));
      } else if (date.equals(today)) {
        en.lead("Today so far, " + number(d.getRainMm()) + " mm of rain has fallen on your field");
        fa.lead(
            "امروز تا این لحظه "
                + number(d.getRainMm())
                + " میلی‌متر باران در مزرعه شما باریده است");
        ar.lead("اليوم حتى الآن هطل " + number(d.getRainMm()) + " ملم من المطر على حقلك");
      }
      String range = number(d.getTMin()) + " ";
      en.day(
          date
              + ": rain "
              + number(d.getRainMm())
              + " mm, "
              + range
              + "to "
              + number(d.getTMax())
              + " °C"
              + et0En(d, ", ET0 "));
      fa.day(
          date
              + ": باران "
              + number(d.getRainMm())
              + " میلی‌متر، دما "
              + range
              + "تا "
              + number(d.getTMax())
              + " درجه"
              + et0Fa(d, "، ET0 "));
      ar.day(
          date
              + ": المطر "
              + number(d.getRainMm())
              + " ملم، الحرارة من "
              + range
              + "إلى "
              + number(d.getTMax())
              + " درجة مئوية"
              + et0Ar(d, "، ET0 "));
    }
    double rain = 0;
    double et0 = 0;
    int week = 0;
    for (StationDay d : w.getDays()) {
      if (LocalDate.parse(d.getDate()).isBefore(today) && d.getEt0Mm() != null) {
        rain += d.getRainMm();
        et0 += d.getEt0Mm();
        week++;
      }
    }
    String totals = week == 0 ? null : number(rain) + "/" + number(et0) + "/" + week;
    String headEn =
        "Weather observed at weather station "
            + at
            + (km.isEmpty() ? "" : ", " + km + " km from your field");
    String headFa =
        "هوای ثبت‌شده در ایستگاه هواشناسی "
            + at
            + (km.isEmpty() ? "" : "، " + km + " کیلومتری مزرعه شما");
    String headAr =
        "الطقس المرصود في محطة الأرصاد "
            + at
            + (km.isEmpty() ? "" : "، على بعد " + km + " كم من حقلك");
    String bodyEn =
        en.text(
            "; ",
            totals == null
                ? ""
                : " Over the last "
                    + week
                    + " full days: rain "
                    + number(rain)
                    + " mm, ET0 "
                    + number(et0)
                    + " mm.");
    String bodyFa =
        fa.text(
            "؛ ",
            totals == null
                ? ""
                : " در "
                    + week
                    + " روز کامل گذشته: باران "
                    + number(rain)
                    + " میلی‌متر، ET0 "
                    + number(et0)
                    + " میلی‌متر.");
    String bodyAr =
        ar.text(
            "؛ ",
            totals == null
                ? ""
                : " خلال الأيام الكاملة الأخيرة (عددها "
                    + week
                    + "): المطر "
                    + number(rain)
                    + " ملم، ET0 "
                    + number(et0)
                    + " ملم.");
    return new SnapshotText.Section(
        "weather",
        SnapshotText.section(
                "weather",
                headEn + " (your sensor " + sensor + "): " + bodyEn,
                "Weather observed at the weather station of your field: " + bodyEn,
                headFa + " (حسگر شما " + sensor + "): " + bodyFa,
                "هوای ثبت‌شده در ایستگاه هواشناسی مزرعه شما: " + bodyFa,
                headAr + " (مستشعرك " + sensor + "): " + bodyAr,
                "الطقس المرصود في محطة أرصاد حقلك: " + bodyAr)
            .renderings(),
        "station/" + w.getStationId());
  }

  private static String et0En(StationDay d, String before) {
    return d.getEt0Mm() == null
        ? ""
        : before
            + number(d.getEt0Mm())
            + " mm ("
            + (ReferenceEt.HARGREAVES.equals(d.getEt0Method()) ? "Hargreaves" : "Penman-Monteith")
            + ")";
  }

  private static String et0Fa(StationDay d, String before) {
    return d.getEt0Mm() == null
        ? ""
        : before
            + number(d.getEt0Mm())
            + " میلی‌متر ("
            + (ReferenceEt.HARGREAVES.equals(d.getEt0Method()) ? "هارگریوز" : "پنمن-مانتیث")
            + ")";
  }

  private static String et0Ar(StationDay d, String before) {
    return d.getEt0Mm() == null
        ? ""
        : before
            + number(d.getEt0Mm())
            + " ملم ("
            + (ReferenceEt.HARGREAVES.equals(d.getEt0Method()) ? "هارغريفز" : "بنمان-مونتيث")
            + ")";
  }

  /** The sentences of one language: the lead ones first, then the days. */
  private static final class Lines {
    private final List<String> lead = new ArrayList<>();
    private final List<String> days = new ArrayList<>();

    void lead(String sentence) {
      lead.add(sentence);
    }

    void day(String line) {
      days.add(line);
    }

    String text(String separator, String totals) {
      var out = new StringBuilder();
      lead.forEach(s -> out.append(s).append(". "));
      out.append(String.join(separator, days)).append('.').append(totals);
      return out.toString();
    }
  }
}
