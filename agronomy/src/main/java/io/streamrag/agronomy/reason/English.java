package io.streamrag.agronomy.reason;

import static io.streamrag.agronomy.reason.Phrase.*;
import static java.util.Map.entry;

import java.util.Map;

/** Every English phrase of the reasons, in one place. */
final class English {

  private English() {}

  static final Map<Phrase, String> PHRASES =
      Map.ofEntries(
          entry(IRRIGATION_MISSING, "Cannot compute irrigation: missing {missing}."),
          entry(
              MOISTURE_STALE,
              "The moisture reading is {age} h old (more than {limit} h): confirm it with a fresh"
                  + " reading. "),
          entry(
              IRRIGATE_NOW,
              "Root-zone depletion {dr} mm is at or above the {raw} mm allowed (RAW) for {crop};"
                  + " apply {amount} mm by {method} ({efficiency} % efficiency); {check}."),
          entry(
              IRRIGATE_ON,
              "Root-zone depletion {dr} mm is below the {raw} mm allowed (RAW) for {crop} but"
                  + " will reach it on {date}, before any useful rain; apply {amount} mm by"
                  + " {method} ({efficiency} % efficiency) on {date}."),
          entry(
              RAIN_FIRST,
              "Root-zone depletion {dr} mm is below the {raw} mm allowed (RAW) for {crop};"
                  + " {rain} mm of effective rain expected on {rainDate} comes before it would"
                  + " reach RAW; check again on {date}."),
          entry(
              BELOW_THROUGH_FORECAST,
              "Root-zone depletion {dr} mm is below the {raw} mm allowed (RAW) for {crop} and"
                  + " stays below it until the forecast ends on {lastDate}; check again on"
                  + " {date}."),
          entry(CHECK_ON, "check again on {date}"),
          entry(CHECK_AFTER_FORECAST, "check again on {date}, after the forecast ends"),
          entry(
              OBSERVED_COUNTED,
              "Since {since}, weather station {station} observed {rain} mm of rain and {et0} mm of ET0,"
                  + " counted in the balance. "),
          entry(
              OBSERVED_INCOMPLETE,
              "Weather station {station} has no complete record of every day since {since}: the"
                  + " balance starts from the reading. "),
          entry(
              RAIN_CANCELS_IRRIGATION,
              "The {rain} mm of rain observed at weather station {station} makes the planned"
                  + " irrigation unnecessary. "),
          entry(FERTILIZATION_MISSING, "Cannot compute fertilization: missing {missing}."),
          entry(
              NUTRIENTS_STALE,
              "The soil test is {age} days old (more than {limit} days): confirm it with a fresh"
                  + " test. "),
          entry(
              FERTILIZE,
              "Soil test for {crop}: {statuses}; apply {products} ({total} kg/ha in all)."),
          entry(
              NO_FERTILIZER,
              "Soil test for {crop}: {statuses}; all are high, so no fertilizer is needed now."),
          entry(NUTRIENT_STATUS, "{nutrient} {value} mg/kg ({status})"),
          entry(PRODUCT_AMOUNT, "{product} {amount} kg/ha"),
          entry(NITROGEN, "nitrogen"),
          entry(PHOSPHORUS, "phosphorus"),
          entry(POTASSIUM, "potassium"),
          entry(LOW, "low"),
          entry(MEDIUM, "medium"),
          entry(HIGH, "high"),
          entry(LIST_SEPARATOR, ", "),
          entry(LIST_LAST_SEPARATOR, " and "));

  /** The names of the inputs a reason may list as missing. */
  static final Map<String, String> INPUTS =
      Map.ofEntries(
          entry("crop", "crop"),
          entry("soil_texture", "soil texture"),
          entry("irrigation_method", "irrigation method"),
          entry("soil_moisture", "soil moisture reading"),
          entry("soil_moisture.measured_at", "time of the moisture reading"),
          entry("forecast", "weather forecast"),
          entry("latitude", "latitude"),
          entry("nitrogen", "nitrogen reading"),
          entry("phosphorus", "phosphorus reading"),
          entry("potassium", "potassium reading"),
          entry("soil_nutrients.measured_at", "time of the soil test"));
}
