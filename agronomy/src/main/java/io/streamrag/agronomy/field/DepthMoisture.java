package io.streamrag.agronomy.field;

/**
 * One profile reading.
 *
 * @param depthCm sensor depth below the surface, cm
 * @param percent volumetric water content, percent (0–100); null when that depth did not report it
 */
public record DepthMoisture(int depthCm, Double percent) {}
