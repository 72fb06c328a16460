package io.streamrag.ingest.weather;

import io.streamrag.schemas.weather.FieldWeather;
import io.streamrag.schemas.weather.StationLinked;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;

/** What a field's snapshot shows of its station: the station as linked, and its last days. */
public final class FieldWeathers {

  /** The last 7 days and the station's current one. */
  public static final int DAYS = 8;

  private final StationDays days;

  public FieldWeathers(StationDays days) {
    this.days = days;
  }

  /** The weather of a field as its link says; empty when it follows no known station. */
  public Optional<FieldWeather> of(StationLinked link) {
    if (link.getStationId() == null) {
      return Optional.empty();
    }
    return of(link.getStationId(), link.getLinkedBy(), link.getDistanceKm());
  }

  /** The weather of a field that follows {@code stationId}, as the station's days are now. */
  public Optional<FieldWeather> of(String stationId, String linkedBy, Double distanceKm) {
    return days.station(stationId)
        .map(
            station -> {
              var latest = days.latest(stationId, DAYS);
              return FieldWeather.newBuilder()
                  .setStationId(stationId)
                  .setStationName(station.getName())
                  .setDistanceKm(distanceKm)
                  .setLinkedBy(linkedBy == null ? "nearest" : linkedBy)
                  .setTimeZone(station.getTimeZone())
                  .setDays(latest.stream().map(WeatherDayObserved::getDay).toList())
                  .setReceivedAt(
                      latest.stream()
                          .map(WeatherDayObserved::getReceivedAt)
                          .max(Comparator.naturalOrder())
                          .orElse(Instant.EPOCH))
                  .build();
            });
  }
}
