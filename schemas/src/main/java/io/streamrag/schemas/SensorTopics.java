package io.streamrag.schemas;

import io.streamrag.schemas.sensor.DeviceRegistered;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.List;
import java.util.Map;

/**
 * The sensor topics: readings from the bridge, what it refused, devices, profiles, forecasts and
 * the snapshots ingest folds from them. Part of the catalogue ({@link Topics}).
 */
public final class SensorTopics {

  public static final TopicSpec SENSOR_READINGS =
      new TopicSpec(
          "sensor.readings",
          SensorReadingReceived.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", Retention.WEEK_MS));

  public static final TopicSpec READINGS_REJECTED =
      new TopicSpec(
          "sensor.readings.rejected",
          ReadingRejected.class,
          "sensor_uuid, or station_id for a weather observation, or device_id when neither is known",
          "sensor-bridge",
          List.of("operators (replay after a fix)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of(
              "retention.ms",
              Retention.MONTH_MS,
              "retention.bytes",
              Retention.KEPT_BYTES_PER_PARTITION));

  public static final TopicSpec DEVICE_REGISTRY =
      new TopicSpec(
          "device.registry",
          DeviceRegistered.class,
          "device_id",
          "sensor-bridge",
          List.of("sensor-bridge"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec SENSOR_PROFILES =
      new TopicSpec(
          "sensor.profiles",
          SensorProfileUpdated.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service", "sensor-bridge (forecast poller)"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec SENSOR_FORECASTS =
      new TopicSpec(
          "sensor.forecasts",
          ForecastUpdated.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec SENSOR_SNAPSHOTS =
      new TopicSpec(
          "sensor.snapshots",
          SensorSnapshotUpdated.class,
          "sensor_uuid",
          "ingest-service",
          List.of("retrieval-service", "llm-service", "gateway-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  private SensorTopics() {}
}
