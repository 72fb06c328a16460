package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;

/**
 * One forecast day in the water balance, as echoed in the result: what was given, then what was
 * computed from it (null when inputs were missing and nothing was computed).
 *
 * @param et0Source {@code forecast} or {@code hargreaves}
 * @param source where the day comes from: {@code forecast} (observed days are in {@code observed})
 * @param rainSource {@code forecast}, or {@code station} for today when the station observed more
 *     rain so far than the forecast expects
 * @param depletionMm root-zone depletion Dr at the end of the day (eq. 85)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record BalanceDay(
    LocalDate date,
    @JsonProperty("t_min") Double tMin,
    @JsonProperty("t_max") Double tMax,
    @JsonProperty("precipitation_mm") Double precipitationMm,
    @JsonProperty("et0_mm") Double et0Mm,
    @JsonProperty("et0_source") String et0Source,
    String source,
    @JsonProperty("rain_source") String rainSource,
    @JsonProperty("etc_mm") Double etcMm,
    @JsonProperty("effective_rain_mm") Double effectiveRainMm,
    Double p,
    @JsonProperty("raw_mm") Double rawMm,
    @JsonProperty("depletion_mm") Double depletionMm) {}
