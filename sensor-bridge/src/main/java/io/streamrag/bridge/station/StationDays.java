package io.streamrag.bridge.station;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.StationDay;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Every station's days as ingest-service folded them ({@code weather.days}), followed on every
 * replica and indexed by station and date for range reads.
 */
public final class StationDays implements AutoCloseable {

  private final Map<String, NavigableMap<LocalDate, StationDay>> byStation =
      new ConcurrentHashMap<>();
  private final TopicView<WeatherDayObserved> days;

  public StationDays(TopicReaders readers, Duration timeout) {
    this.days =
        TopicView.follow(
                readers, WeatherTopics.WEATHER_DAYS.name(), WeatherDayObserved.class, this::changed)
            .caughtUpWithin(timeout);
  }

  /** The station's days from {@code from} to {@code to}, both included, oldest first. */
  public List<StationDay> between(String stationId, LocalDate from, LocalDate to) {
    var all = byStation.get(stationId);
    return all == null ? List.of() : List.copyOf(all.subMap(from, true, to, true).values());
  }

  private void changed(String key, WeatherDayObserved day) {
    int slash = key.lastIndexOf('/');
    if (slash < 0) {
      return;
    }
    String station = key.substring(0, slash);
    LocalDate date = LocalDate.parse(key.substring(slash + 1));
    if (day == null) {
      var dates = byStation.get(station);
      if (dates != null) {
        dates.remove(date);
      }
    } else {
      byStation
          .computeIfAbsent(station, s -> new ConcurrentSkipListMap<>())
          .put(date, day.getDay());
    }
  }

  @Override
  public void close() {
    days.close();
  }
}
