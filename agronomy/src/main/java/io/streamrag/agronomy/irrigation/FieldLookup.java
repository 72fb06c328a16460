package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import java.util.ArrayList;
import java.util.List;

/**
 * The field looked up in the tables, and every input that is missing or unknown, named exactly:
 * {@code crop} when absent, {@code crop=saffron: not in crops.csv} when the table lacks it, {@code
 * forecast[2026-12-01].t_max} for a day's value.
 */
record FieldLookup(
    CropWater crop,
    SoilWater soil,
    IrrigationMethod method,
    GrowthStage stage,
    boolean stageAssumed,
    List<String> missing) {

  static FieldLookup of(FieldState field, List<ForecastDay> days, IrrigationTables tables) {
    var missing = new ArrayList<String>();
    CropWater crop = null;
    SoilWater soil = null;
    IrrigationMethod method = null;
    if (blank(field.crop())) {
      missing.add("crop");
    } else {
      crop = tables.crop(field.crop()).orElse(null);
      unknown(crop, "crop", field.crop(), CropWater.FILE, missing);
    }
    if (blank(field.soilTexture())) {
      missing.add("soil_texture");
    } else {
      soil = tables.soil(field.soilTexture()).orElse(null);
      unknown(soil, "soil_texture", field.soilTexture(), SoilWater.FILE, missing);
    }
    if (blank(field.irrigationMethod())) {
      missing.add("irrigation_method");
    } else {
      method = tables.method(field.irrigationMethod()).orElse(null);
      unknown(
          method, "irrigation_method", field.irrigationMethod(), IrrigationMethod.FILE, missing);
    }
    GrowthStage stage = GrowthStage.MID;
    if (!blank(field.growthStage())) {
      stage = GrowthStage.of(field.growthStage()).orElse(null);
      if (stage == null) {
        missing.add(
            "growth_stage=" + field.growthStage() + ": not initial, development, mid or late");
      }
    }
    moisture(field, missing);
    forecast(field, days, missing);
    return new FieldLookup(crop, soil, method, stage, blank(field.growthStage()), missing);
  }

  private static void moisture(FieldState field, List<String> missing) {
    var moisture = field.moisture();
    boolean any =
        moisture != null
            && (moisture.topPercent() != null
                || moisture.profile().stream().anyMatch(d -> d.percent() != null));
    if (!any) {
      missing.add("soil_moisture");
    } else if (moisture.measuredAt() == null) {
      missing.add("soil_moisture.measured_at");
    }
  }

  private static void forecast(FieldState field, List<ForecastDay> days, List<String> missing) {
    if (days.isEmpty()) {
      missing.add("forecast");
      return;
    }
    boolean latitudeNeeded = false;
    for (ForecastDay day : days) {
      String at = "forecast[" + day.date() + "].";
      if (day.precipitationMm() == null) {
        missing.add(at + "precipitation_mm");
      }
      if (day.et0Mm() == null) {
        // Hargreaves (eq. 52) stands in for the missing ET0 and needs both temperatures.
        latitudeNeeded = true;
        if (day.tMin() == null) {
          missing.add(at + "t_min");
        }
        if (day.tMax() == null) {
          missing.add(at + "t_max");
        }
        if (day.tMin() != null && day.tMax() != null && day.tMax() < day.tMin()) {
          missing.add(at + "t_max: below t_min");
        }
      }
    }
    if (latitudeNeeded && field.latitude() == null) {
      missing.add("latitude");
    }
  }

  private static void unknown(
      Object found, String input, String value, String file, List<String> missing) {
    if (found == null) {
      missing.add(input + "=" + value + ": not in " + file);
    }
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }
}
