package io.streamrag.agronomy.field;

import java.time.LocalDate;

/**
 * One day of the field's weather forecast (S1.3, the {@code ForecastUpdated} event's days).
 *
 * @param date the local date
 * @param tMin minimum air temperature, °C
 * @param tMax maximum air temperature, °C
 * @param precipitationMm forecast precipitation, mm; null is a missing input, not "no rain"
 * @param et0Mm FAO-56 reference evapotranspiration, mm/day; null when the forecast lacks it
 *     (Hargreaves is used instead)
 */
public record ForecastDay(
    LocalDate date, Double tMin, Double tMax, Double precipitationMm, Double et0Mm) {}
