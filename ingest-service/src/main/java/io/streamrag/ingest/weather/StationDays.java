package io.streamrag.ingest.weather;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The weather ingest folds: the registered stations, and every station's days as last published on
 * {@code weather.days} (read before any observation is consumed, then written through), indexed by
 * station and date.
 */
public final class StationDays implements AutoCloseable {

  private final TopicView<StationRegistered> stations;
  private final TopicView<WeatherDayObserved> days;
  private final Map<String, NavigableMap<LocalDate, WeatherDayObserved>> byStation =
      new ConcurrentHashMap<>();

  public StationDays(TopicReaders readers, Duration timeout) {
    this.stations =
        TopicView.follow(
                readers,
                WeatherTopics.WEATHER_STATIONS.name(),
                StationRegistered.class,
                (k, v) -> {})
            .caughtUpWithin(timeout);
    this.days =
        TopicView.followVersioned(
                readers,
                WeatherTopics.WEATHER_DAYS.name(),
                WeatherDayObserved.class,
                WeatherDayObserved::getVersion,
                this::index)
            .caughtUpWithin(timeout);
  }

  /** The topic key of a station's day. */
  public static String key(String stationId, LocalDate date) {
    return stationId + "/" + date;
  }

  public Optional<StationRegistered> station(String stationId) {
    return stations.get(stationId);
  }

  public Optional<WeatherDayObserved> day(String stationId, LocalDate date) {
    var all = byStation.get(stationId);
    return all == null ? Optional.empty() : Optional.ofNullable(all.get(date));
  }

  /** The station's days of the {@code count} dates up to its newest, oldest first. */
  public List<WeatherDayObserved> latest(String stationId, int count) {
    var all = byStation.get(stationId);
    if (all == null || all.isEmpty()) {
      return List.of();
    }
    LocalDate last = all.lastKey();
    return List.copyOf(all.subMap(last.minusDays(count - 1L), true, last, true).values());
  }

  /** Holds a day this service just published, before its own record is read back. */
  public void update(WeatherDayObserved day) {
    String key = key(day.getStationId(), LocalDate.parse(day.getDay().getDate()));
    days.update(key, day);
    days.get(key).ifPresent(held -> index(key, held));
  }

  private void index(String key, WeatherDayObserved day) {
    if (day == null) {
      return;
    }
    byStation
        .computeIfAbsent(day.getStationId(), s -> new ConcurrentSkipListMap<>())
        .merge(
            LocalDate.parse(day.getDay().getDate()),
            day,
            (old, neu) -> neu.getVersion() >= old.getVersion() ? neu : old);
  }

  @Override
  public void close() {
    days.close();
    stations.close();
  }
}
