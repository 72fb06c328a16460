package io.streamrag.agronomy.field;

import java.time.Instant;

/**
 * Soil-test values as the sensors report them, mg/kg (= ppm) of soil; read as nitrate-N, Olsen
 * phosphorus and ammonium-acetate exchangeable potassium, the extractions the thresholds assume.
 *
 * @param nitrogen nitrate-N, mg/kg
 * @param phosphorus available P (Olsen), mg/kg
 * @param potassium exchangeable K, mg/kg
 * @param measuredAt when they were measured: the start of the staleness clock
 */
public record SoilNutrients(
    Double nitrogen, Double phosphorus, Double potassium, Instant measuredAt) {}
