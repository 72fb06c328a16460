package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.streamrag.agronomy.field.ObservedWeather;

/**
 * The field's weather station, as echoed in the inputs.
 *
 * @param counted true when the balance counted the station's days since the moisture reading
 * @param sinceDate the first day counted: the reading's date, or the next one when it was taken
 *     after noon (the reading stands for the nearest day boundary)
 * @param rainMm rain of the counted days, mm
 * @param et0Mm ET0 of the counted days, mm
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StationEcho(
    @JsonProperty("station_id") String stationId,
    String name,
    @JsonProperty("distance_km") Double distanceKm,
    @JsonProperty("linked_by") String linkedBy,
    boolean counted,
    @JsonProperty("since_date") java.time.LocalDate sinceDate,
    @JsonProperty("rain_mm") double rainMm,
    @JsonProperty("et0_mm") double et0Mm) {

  static StationEcho of(ObservedWeather w, ObservedBalance balance) {
    return new StationEcho(
        w.stationId(),
        w.stationName(),
        w.distanceKm(),
        w.linkedBy(),
        balance.counted(),
        balance.since(),
        Round.mm(balance.rainMm()),
        Round.mm(balance.et0Mm()));
  }
}
