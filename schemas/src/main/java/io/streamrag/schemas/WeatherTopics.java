package io.streamrag.schemas;

import io.streamrag.schemas.weather.StationLinked;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.util.List;
import java.util.Map;

/**
 * The weather topics: stations, their observations, the fields that follow them and their days.
 * Part of the catalogue ({@link Topics}).
 */
public final class WeatherTopics {

  /** The weather stations allowed to publish, with where they stand and their token's hash. */
  public static final TopicSpec WEATHER_STATIONS =
      new TopicSpec(
          "weather.stations",
          StationRegistered.class,
          "station_id",
          "sensor-bridge",
          List.of("sensor-bridge (every replica)", "ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec WEATHER_OBSERVATIONS =
      new TopicSpec(
          "weather.observations",
          WeatherObserved.class,
          "station_id",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", Retention.MONTH_MS));

  /**
   * Which station each field follows. Partitioned as the sensor topics, so a sensor's link reaches
   * the ingest consumer that folds its readings.
   */
  public static final TopicSpec WEATHER_LINKS =
      new TopicSpec(
          "weather.links",
          StationLinked.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service", "sensor-bridge (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  /** Each station's days, folded from its observations, with FAO-56 ET0. */
  public static final TopicSpec WEATHER_DAYS =
      new TopicSpec(
          "weather.days",
          WeatherDayObserved.class,
          "station_id/date",
          "ingest-service",
          List.of("ingest-service", "sensor-bridge (GET /api/stations/{id}/days)"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  private WeatherTopics() {}
}
