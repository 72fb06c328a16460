package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One nutrient's class limits for a crop, mg/kg.
 *
 * @param lowBelow a value below is low
 * @param highFrom a value from here is high: the sufficiency level the dose builds up to
 */
public record Thresholds(
    @JsonProperty("low_below") double lowBelow, @JsonProperty("high_from") double highFrom) {

  NutrientStatus status(double mgPerKg) {
    return mgPerKg < lowBelow
        ? NutrientStatus.LOW
        : mgPerKg < highFrom ? NutrientStatus.MEDIUM : NutrientStatus.HIGH;
  }
}
