package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One moisture reading and the soil layer it stands for in the root-zone average (echoed in the
 * result's inputs).
 *
 * @param depthCm the sensor depth; null for the sensor's single (top) reading
 * @param moisturePercent the reading, volumetric percent
 * @param topCm the layer's top, cm; null (as bottom and weight) when the root depth is unknown
 * @param bottomCm the layer's bottom, cm, at most the root depth
 * @param weight the layer's share of the root zone; 0 for a sensor below it
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Layer(
    @JsonProperty("depth_cm") Integer depthCm,
    @JsonProperty("moisture_percent") double moisturePercent,
    @JsonProperty("top_cm") Double topCm,
    @JsonProperty("bottom_cm") Double bottomCm,
    Double weight) {}
