package io.streamrag.bridge.station;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.StationRegistered;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The weather stations allowed to publish, registered through the admin API onto the compacted
 * {@code weather.stations} topic that every replica follows (so a station registered on one replica
 * publishes through any other). Tokens are held only as SHA-256 hashes, as devices' are.
 */
public final class StationRegistry implements AutoCloseable {

  private final Map<String, String> stationByHash = new ConcurrentHashMap<>();
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private final TopicView<StationRegistered> stations;
  private final TopicWriter writer;
  private final Clock clock;

  public StationRegistry(TopicReaders readers, TopicWriter writer, Clock clock, Duration timeout) {
    this.writer = writer;
    this.clock = clock;
    this.stations =
        TopicView.followVersioned(
                readers,
                WeatherTopics.WEATHER_STATIONS.name(),
                StationRegistered.class,
                s -> s.getUpdatedAt().toEpochMilli(),
                this::changed)
            .caughtUpWithin(timeout);
  }

  /** Calls {@code listener} after every registration, update or removal, on any replica. */
  public void onChange(Runnable listener) {
    listeners.add(listener);
  }

  public Optional<StationRegistered> byId(String stationId) {
    return stations.get(stationId);
  }

  public Collection<StationRegistered> all() {
    return stations.values();
  }

  /** The station whose token this is. */
  public Optional<StationRegistered> byToken(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    return Optional.ofNullable(stationByHash.get(Sha256.hex(token))).flatMap(this::byId);
  }

  /** True when {@code token} is the token of station {@code stationId} (its MQTT password). */
  public boolean checkPassword(String stationId, String token) {
    return byToken(token).map(s -> s.getStationId().equals(stationId)).orElse(false);
  }

  /**
   * Registers or updates a station; returns once the broker has it, so every replica will see it.
   *
   * @param tokenSha256 the hash of its token
   */
  public StationRegistered register(Station station, String tokenSha256) {
    var record =
        new StationRegistered(
            station.id(),
            station.name(),
            station.latitude(),
            station.longitude(),
            station.elevationM(),
            station.timeZone(),
            tokenSha256,
            clock.instant());
    writer.send(WeatherTopics.WEATHER_STATIONS, station.id(), record).join();
    stations.update(station.id(), record);
    changed(station.id(), record);
    return record;
  }

  private void changed(String stationId, StationRegistered now) {
    stationByHash.values().removeIf(stationId::equals);
    if (now != null) {
      stationByHash.put(now.getTokenSha256(), stationId);
    }
    listeners.forEach(Runnable::run);
  }

  @Override
  public void close() {
    stations.close();
  }
}
