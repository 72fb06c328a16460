package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.weather.FieldWeather;

/**
 * A field's weather changed: it was linked to a station (or unlinked, {@code weather} null), or its
 * station observed something new.
 */
public record WeatherChanged(String sensorUuid, FieldWeather weather) {}
