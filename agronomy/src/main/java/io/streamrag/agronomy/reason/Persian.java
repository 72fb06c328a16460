package io.streamrag.agronomy.reason;

import static io.streamrag.agronomy.reason.Phrase.*;
import static java.util.Map.entry;

import java.util.Map;

/** Every Persian phrase of the reasons, in one place. */
final class Persian {

  private Persian() {}

  static final Map<Phrase, String> PHRASES =
      Map.ofEntries(
          entry(IRRIGATION_MISSING, "محاسبه آبیاری ممکن نیست؛ این داده‌ها نیست: {missing}."),
          entry(
              MOISTURE_STALE,
              "خوانش رطوبت {age} ساعت پیش گرفته شده (بیش از {limit} ساعت)؛ آن را با خوانش تازه"
                  + " تأیید کنید. "),
          entry(
              IRRIGATE_NOW,
              "کمبود آب ناحیه ریشه {dr} میلی‌متر است و به {raw} میلی‌متر مجاز (RAW) برای {crop}"
                  + " رسیده یا از آن گذشته است؛ {amount} میلی‌متر با آبیاری {method} (راندمان"
                  + " {efficiency} درصد) بدهید؛ {check}."),
          entry(
              IRRIGATE_ON,
              "کمبود آب ناحیه ریشه {dr} میلی‌متر و کمتر از {raw} میلی‌متر مجاز (RAW) برای {crop}"
                  + " است، اما در {date} و پیش از هر باران مؤثری به آن می‌رسد؛ در {date}"
                  + " {amount} میلی‌متر با آبیاری {method} (راندمان {efficiency} درصد) بدهید."),
          entry(
              RAIN_FIRST,
              "کمبود آب ناحیه ریشه {dr} میلی‌متر و کمتر از {raw} میلی‌متر مجاز (RAW) برای {crop}"
                  + " است؛ {rain} میلی‌متر باران مؤثر در {rainDate} پیش‌بینی شده که پیش از رسیدن"
                  + " به RAW می‌بارد؛ در {date} دوباره بررسی کنید."),
          entry(
              BELOW_THROUGH_FORECAST,
              "کمبود آب ناحیه ریشه {dr} میلی‌متر و کمتر از {raw} میلی‌متر مجاز (RAW) برای {crop}"
                  + " است و تا پایان پیش‌بینی در {lastDate} کمتر می‌ماند؛ در {date} دوباره"
                  + " بررسی کنید."),
          entry(CHECK_ON, "در {date} دوباره بررسی کنید"),
          entry(CHECK_AFTER_FORECAST, "پس از پایان پیش‌بینی، در {date} دوباره بررسی کنید"),
          entry(
              OBSERVED_COUNTED,
              "از {since}، ایستگاه هواشناسی {station} {rain} میلی‌متر باران و {et0} میلی‌متر تبخیر و"
                  + " تعرق مرجع ثبت کرده که در بیلان آب حساب شده است. "),
          entry(
              OBSERVED_INCOMPLETE,
              "ایستگاه هواشناسی {station} برای همهٔ روزهای پس از {since} داده کامل ندارد: بیلان از"
                  + " آخرین اندازه‌گیری شروع می‌شود. "),
          entry(
              RAIN_CANCELS_IRRIGATION,
              "{rain} میلی‌متر بارانی که ایستگاه هواشناسی {station} ثبت کرده، آبیاری برنامه‌ریزی‌شده"
                  + " را غیرلازم می‌کند. "),
          entry(FERTILIZATION_MISSING, "محاسبه کود ممکن نیست؛ این داده‌ها نیست: {missing}."),
          entry(
              NUTRIENTS_STALE,
              "آزمون خاک {age} روز پیش گرفته شده (بیش از {limit} روز)؛ آن را با آزمون تازه تأیید"
                  + " کنید. "),
          entry(
              FERTILIZE,
              "آزمون خاک برای {crop}: {statuses}؛ {products} بدهید (روی هم {total} کیلوگرم در"
                  + " هکتار)."),
          entry(
              NO_FERTILIZER,
              "آزمون خاک برای {crop}: {statuses}؛ همه زیاد است و اکنون کودی لازم نیست."),
          entry(NUTRIENT_STATUS, "{nutrient} {value} میلی‌گرم در کیلوگرم ({status})"),
          entry(PRODUCT_AMOUNT, "{product} {amount} کیلوگرم در هکتار"),
          entry(NITROGEN, "نیتروژن"),
          entry(PHOSPHORUS, "فسفر"),
          entry(POTASSIUM, "پتاسیم"),
          entry(LOW, "کم"),
          entry(MEDIUM, "متوسط"),
          entry(HIGH, "زیاد"),
          entry(LIST_SEPARATOR, "، "),
          entry(LIST_LAST_SEPARATOR, " و "));

  /** The names of the inputs a reason may list as missing. */
  static final Map<String, String> INPUTS =
      Map.ofEntries(
          entry("crop", "محصول"),
          entry("soil_texture", "بافت خاک"),
          entry("irrigation_method", "روش آبیاری"),
          entry("soil_moisture", "خوانش رطوبت خاک"),
          entry("soil_moisture.measured_at", "زمان خوانش رطوبت"),
          entry("forecast", "پیش‌بینی هوا"),
          entry("latitude", "عرض جغرافیایی"),
          entry("nitrogen", "خوانش نیتروژن"),
          entry("phosphorus", "خوانش فسفر"),
          entry("potassium", "خوانش پتاسیم"),
          entry("soil_nutrients.measured_at", "زمان آزمون خاک"));
}
