package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;

/**
 * One day of the field's station as echoed beside the forecast: what was observed, whether the
 * balance counted it (a day between the moisture reading and today), and if so what it did.
 *
 * @param source {@code station:<id>}
 * @param counted true when the balance ran through this day
 * @param depletionMm Dr at the end of the day; null when not counted
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ObservedDayEcho(
    LocalDate date,
    @JsonProperty("t_min") Double tMin,
    @JsonProperty("t_max") Double tMax,
    @JsonProperty("rain_mm") double rainMm,
    @JsonProperty("et0_mm") Double et0Mm,
    @JsonProperty("et0_method") String et0Method,
    boolean complete,
    String source,
    boolean counted,
    @JsonProperty("etc_mm") Double etcMm,
    @JsonProperty("effective_rain_mm") Double effectiveRainMm,
    @JsonProperty("depletion_mm") Double depletionMm) {}
