package io.streamrag.agronomy.field;

/**
 * What is known about one field when a recommendation is asked for. Any component may be null: the
 * advisors name each absent input in {@code missing} instead of guessing it.
 *
 * @param crop crop name or alias as in the tables, e.g. {@code maize}, {@code corn}, {@code ذرت}
 * @param growthStage FAO-56 stage: {@code initial}, {@code development}, {@code mid} or {@code
 *     late}; null means mid-season is assumed (and said so in the result)
 * @param soilTexture one of the twelve USDA texture classes, e.g. {@code clay loam}
 * @param irrigationMethod e.g. {@code drip}, {@code sprinkler}, {@code furrow}
 * @param latitude decimal degrees, south negative; needed only for Hargreaves ET0
 * @param moisture the volumetric soil moisture readings
 * @param nutrients the soil-test N, P and K readings
 */
public record FieldState(
    String crop,
    String growthStage,
    String soilTexture,
    String irrigationMethod,
    Double latitude,
    SoilMoisture moisture,
    SoilNutrients nutrients) {}
