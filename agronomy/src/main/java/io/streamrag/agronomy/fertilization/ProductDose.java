package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The dose of one product for one nutrient short in the soil.
 *
 * @param nutrient {@code N}, {@code P} or {@code K}
 * @param product the product's name (fertilizers.csv)
 * @param deficitMgPerKg sufficiency level minus the soil-test value, mg/kg
 * @param elementKgPerHectare the deficit as kg/ha of N, P or K in the sampled layer
 * @param labelKgPerHectare the same as the label states it: kg/ha of N, P2O5 or K2O
 * @param contentPct the product's label content of that nutrient, percent
 * @param amountKgPerHectare kg/ha of product to spread
 */
public record ProductDose(
    String nutrient,
    String product,
    @JsonProperty("deficit_mg_per_kg") double deficitMgPerKg,
    @JsonProperty("element_kg_per_hectare") double elementKgPerHectare,
    @JsonProperty("label_kg_per_hectare") double labelKgPerHectare,
    @JsonProperty("content_pct") double contentPct,
    @JsonProperty("amount_kg_per_hectare") double amountKgPerHectare) {}
