package io.streamrag.agronomy.reason;

import static io.streamrag.agronomy.reason.Phrase.*;
import static java.util.Map.entry;

import java.util.Map;

/** Every Arabic phrase of the reasons, in one place. */
final class Arabic {

  private Arabic() {}

  static final Map<Phrase, String> PHRASES =
      Map.ofEntries(
          entry(IRRIGATION_MISSING, "لا يمكن حساب الري: تنقص هذه البيانات: {missing}."),
          entry(
              MOISTURE_STALE,
              "قراءة الرطوبة عمرها {age} ساعة (أكثر من {limit} ساعة): أكّدها بقراءة جديدة. "),
          entry(
              IRRIGATE_NOW,
              "استنزاف الماء في منطقة الجذور {dr} ملم، وقد بلغ {raw} ملم المسموح به (RAW) لمحصول"
                  + " {crop} أو تجاوزه؛ أضف {amount} ملم بالري {method} (كفاءة {efficiency} ٪)؛"
                  + " {check}."),
          entry(
              IRRIGATE_ON,
              "استنزاف الماء في منطقة الجذور {dr} ملم، أقل من {raw} ملم المسموح به (RAW) لمحصول"
                  + " {crop}، لكنه سيبلغه في {date} قبل أي مطر مفيد؛ أضف {amount} ملم بالري"
                  + " {method} (كفاءة {efficiency} ٪) في {date}."),
          entry(
              RAIN_FIRST,
              "استنزاف الماء في منطقة الجذور {dr} ملم، أقل من {raw} ملم المسموح به (RAW) لمحصول"
                  + " {crop}؛ يُتوقع {rain} ملم من المطر الفعّال في {rainDate} قبل أن يبلغ RAW؛"
                  + " تحقق مرة أخرى في {date}."),
          entry(
              BELOW_THROUGH_FORECAST,
              "استنزاف الماء في منطقة الجذور {dr} ملم، أقل من {raw} ملم المسموح به (RAW) لمحصول"
                  + " {crop}، ويبقى أقل منه حتى نهاية التوقعات في {lastDate}؛ تحقق مرة أخرى في"
                  + " {date}."),
          entry(CHECK_ON, "تحقق مرة أخرى في {date}"),
          entry(CHECK_AFTER_FORECAST, "تحقق مرة أخرى في {date} بعد نهاية التوقعات"),
          entry(
              OBSERVED_COUNTED,
              "منذ {since} رصدت محطة الأرصاد {station} {rain} ملم من المطر و{et0} ملم من التبخر"
                  + " النتحي المرجعي، وقد حُسبت في الموازنة المائية. "),
          entry(
              OBSERVED_INCOMPLETE,
              "ليس لدى محطة الأرصاد {station} سجل كامل لكل يوم منذ {since}: تبدأ الموازنة من"
                  + " القراءة. "),
          entry(
              RAIN_CANCELS_IRRIGATION,
              "المطر الذي رصدته محطة الأرصاد {station} ({rain} ملم) يجعل الري المخطط له غير"
                  + " ضروري. "),
          entry(FERTILIZATION_MISSING, "لا يمكن حساب التسميد: تنقص هذه البيانات: {missing}."),
          entry(
              NUTRIENTS_STALE,
              "تحليل التربة عمره {age} يومًا (أكثر من {limit} يومًا): أكّده بتحليل جديد. "),
          entry(
              FERTILIZE,
              "تحليل التربة لمحصول {crop}: {statuses}؛ أضف {products} (المجموع {total} كغ/هكتار)."),
          entry(
              NO_FERTILIZER,
              "تحليل التربة لمحصول {crop}: {statuses}؛ كلها مرتفعة، فلا حاجة إلى سماد الآن."),
          entry(NUTRIENT_STATUS, "{nutrient} {value} ملغ/كغ ({status})"),
          entry(PRODUCT_AMOUNT, "{product} {amount} كغ/هكتار"),
          entry(NITROGEN, "النيتروجين"),
          entry(PHOSPHORUS, "الفوسفور"),
          entry(POTASSIUM, "البوتاسيوم"),
          entry(LOW, "منخفض"),
          entry(MEDIUM, "متوسط"),
          entry(HIGH, "مرتفع"),
          entry(LIST_SEPARATOR, "، "),
          entry(LIST_LAST_SEPARATOR, " و"));

  /** The names of the inputs a reason may list as missing. */
  static final Map<String, String> INPUTS =
      Map.ofEntries(
          entry("crop", "المحصول"),
          entry("soil_texture", "قوام التربة"),
          entry("irrigation_method", "طريقة الري"),
          entry("soil_moisture", "قراءة رطوبة التربة"),
          entry("soil_moisture.measured_at", "وقت قراءة الرطوبة"),
          entry("forecast", "توقعات الطقس"),
          entry("latitude", "خط العرض"),
          entry("nitrogen", "قراءة النيتروجين"),
          entry("phosphorus", "قراءة الفوسفور"),
          entry("potassium", "قراءة البوتاسيوم"),
          entry("soil_nutrients.measured_at", "وقت تحليل التربة"));
}
