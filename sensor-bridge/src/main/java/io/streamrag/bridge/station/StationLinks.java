package io.streamrag.bridge.station;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.weather.StationLinked;
import io.streamrag.schemas.weather.StationRegistered;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which station each field follows, kept on the compacted {@code weather.links}: the station its
 * profile names, else the nearest registered station within {@code bridge.weather.max-station-km}.
 * A profile or a station that changes relinks what it affects; only a link that changed is
 * published, so a restart that reads everything again publishes nothing. Every replica computes the
 * same links from the same topics, so two replicas publishing one is harmless.
 */
public final class StationLinks implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(StationLinks.class);
  private static final double EARTH_RADIUS_KM = 6371.0088;

  private final StationRegistry stations;
  private final TopicWriter writer;
  private final Clock clock;
  private final double maxKm;
  private final TopicView<StationLinked> links;
  private final TopicView<SensorProfileUpdated> profiles;
  private volatile boolean ready;

  public StationLinks(
      TopicReaders readers,
      StationRegistry stations,
      TopicWriter writer,
      Clock clock,
      double maxKm,
      Duration timeout) {
    this.stations = stations;
    this.writer = writer;
    this.clock = clock;
    this.maxKm = maxKm;
    this.links =
        TopicView.followVersioned(
                readers,
                WeatherTopics.WEATHER_LINKS.name(),
                StationLinked.class,
                l -> l.getUpdatedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.profiles =
        TopicView.follow(
                readers,
                SensorTopics.SENSOR_PROFILES.name(),
                SensorProfileUpdated.class,
                (sensor, profile) -> relink(sensor))
            .caughtUpWithin(timeout);
    // before every topic was read, a link would be computed from half the facts
    ready = true;
    stations.onChange(this::relinkAll);
    relinkAll();
  }

  /** The fields' profiles as published: where each field is, what it grows. */
  public TopicView<SensorProfileUpdated> profiles() {
    return profiles;
  }

  /** Recomputes every field's link: a station was registered, moved or removed. */
  public synchronized void relinkAll() {
    if (ready) {
      profiles.asMap().keySet().forEach(this::relink);
    }
  }

  private synchronized void relink(String sensor) {
    if (!ready) {
      return;
    }
    var now = link(sensor, profiles.get(sensor).orElse(null), stations.all(), maxKm, clock);
    var before = links.get(sensor).orElse(null);
    if (before == null ? now.getStationId() == null : same(before, now)) {
      return;
    }
    links.update(sensor, now);
    writer
        .send(WeatherTopics.WEATHER_LINKS, sensor, now)
        .whenComplete(
            (ack, error) -> {
              if (error != null) {
                log.error("link of sensor {} to {} not published", sensor, now.getStationId());
              }
            });
  }

  /** The station a field follows, if any. */
  static StationLinked link(
      String sensor,
      SensorProfileUpdated profile,
      Collection<StationRegistered> stations,
      double maxKm,
      Clock clock) {
    var link = StationLinked.newBuilder().setSensorUuid(sensor).setUpdatedAt(clock.instant());
    if (profile == null) {
      return link.build();
    }
    if (profile.getStationId() != null) {
      return stations.stream()
          .filter(s -> s.getStationId().equals(profile.getStationId()))
          .findFirst()
          .map(s -> link.setStationId(s.getStationId()).setLinkedBy("profile"))
          .map(l -> l.setDistanceKm(distanceTo(profile, stations, l.getStationId())))
          .orElse(link)
          .build();
    }
    StationRegistered nearest = null;
    double best = Double.MAX_VALUE;
    for (var s : stations) {
      double km = distanceKm(profile.getLatitude(), profile.getLongitude(), s);
      // ties go to the smaller id, so every replica picks the same one
      if (km < best || (km == best && s.getStationId().compareTo(nearest.getStationId()) < 0)) {
        best = km;
        nearest = s;
      }
    }
    if (nearest == null || best > maxKm) {
      return link.build();
    }
    return link.setStationId(nearest.getStationId())
        .setLinkedBy("nearest")
        .setDistanceKm(round(best))
        .build();
  }

  /** Great-circle distance by the haversine formula on a sphere of the Earth's mean radius. */
  static double distanceKm(double lat, double lon, StationRegistered s) {
    double dLat = Math.toRadians(s.getLatitude() - lat);
    double dLon = Math.toRadians(s.getLongitude() - lon);
    double a =
        Math.pow(Math.sin(dLat / 2), 2)
            + Math.cos(Math.toRadians(lat))
                * Math.cos(Math.toRadians(s.getLatitude()))
                * Math.pow(Math.sin(dLon / 2), 2);
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  }

  private static Double distanceTo(
      SensorProfileUpdated profile, Collection<StationRegistered> stations, String id) {
    return stations.stream()
        .filter(s -> s.getStationId().equals(id))
        .findFirst()
        .map(s -> round(distanceKm(profile.getLatitude(), profile.getLongitude(), s)))
        .orElse(null);
  }

  private static double round(double km) {
    return Math.round(km * 100) / 100.0;
  }

  private static boolean same(StationLinked a, StationLinked b) {
    return Objects.equals(a.getStationId(), b.getStationId())
        && Objects.equals(a.getLinkedBy(), b.getLinkedBy())
        && Objects.equals(a.getDistanceKm(), b.getDistanceKm());
  }

  @Override
  public void close() {
    profiles.close();
    links.close();
  }
}
