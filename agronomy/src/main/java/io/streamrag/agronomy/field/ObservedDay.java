package io.streamrag.agronomy.field;

import java.time.LocalDate;

/**
 * One day at the field's weather station, as observed.
 *
 * @param rainMm rain of the day (so far, for an incomplete one), mm
 * @param et0Mm FAO-56 reference evapotranspiration, mm; null while the day is incomplete
 * @param et0Method {@code penman-monteith} or {@code hargreaves}; null with et0Mm
 * @param complete the station covered the day (a daily record, or most of its hours)
 */
public record ObservedDay(
    LocalDate date,
    Double tMin,
    Double tMax,
    double rainMm,
    Double et0Mm,
    String et0Method,
    boolean complete) {}
