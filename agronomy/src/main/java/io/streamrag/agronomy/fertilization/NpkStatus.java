package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The class of each nutrient; null for a nutrient without a reading or a known crop. */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record NpkStatus(
    NutrientStatus nitrogen, NutrientStatus phosphorus, NutrientStatus potassium) {}
