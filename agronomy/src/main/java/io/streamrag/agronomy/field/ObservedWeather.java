package io.streamrag.agronomy.field;

import java.time.ZoneId;
import java.util.List;

/**
 * What the field's weather station observed: the station and its recent days, in its zone.
 *
 * @param distanceKm from the field; null when not known
 * @param linkedBy {@code profile} (the field names it) or {@code nearest}
 * @param zone the station's zone: its dates, and "today" for the field
 * @param days oldest first
 */
public record ObservedWeather(
    String stationId,
    String stationName,
    Double distanceKm,
    String linkedBy,
    ZoneId zone,
    List<ObservedDay> days) {

  public ObservedWeather {
    days = days == null ? List.of() : List.copyOf(days);
  }
}
