package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;

/**
 * What the recommendation was computed from.
 *
 * @param readings nitrogen, phosphorus, potassium in mg/kg as given (null when absent)
 * @param thresholds the crop's class limits by nutrient name; null when the crop is unknown
 * @param kgPerHectarePerMgPerKg kg/ha of nutrient that 1 mg/kg stands for in the sampled layer
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record FertilizationInputs(
    String crop,
    Map<String, Double> readings,
    @JsonProperty("measured_at") Instant measuredAt,
    @JsonProperty("age_days") Double ageDays,
    @JsonProperty("max_age_days") double maxAgeDays,
    Map<String, Thresholds> thresholds,
    @JsonProperty("bulk_density_g_cm3") double bulkDensity,
    @JsonProperty("sampling_depth_cm") double samplingDepthCm,
    @JsonProperty("kg_per_hectare_per_mg_per_kg") double kgPerHectarePerMgPerKg) {}
