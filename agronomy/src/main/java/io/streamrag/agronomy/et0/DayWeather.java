package io.streamrag.agronomy.et0;

import java.time.LocalDate;

/**
 * One day at a weather station, as FAO-56's daily ET0 needs it.
 *
 * @param date the station's local date
 * @param tMin minimum air temperature, °C
 * @param tMax maximum air temperature, °C
 * @param rhMax maximum relative humidity, percent
 * @param rhMin minimum relative humidity, percent
 * @param windSpeed2m mean wind speed at 2 m, m/s (eq. 47 converts other heights)
 * @param solarRadiationMj incoming solar radiation Rs, MJ m⁻² day⁻¹; null when not measured
 */
public record DayWeather(
    LocalDate date,
    double tMin,
    double tMax,
    double rhMax,
    double rhMin,
    double windSpeed2m,
    Double solarRadiationMj) {}
