package io.streamrag.ingest;

import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.ForecastDay;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Instant;
import java.util.List;

/** Sensor events as sensor-bridge publishes them, for tests. */
public final class SensorEvents {

  private SensorEvents() {}

  public static SensorReadingReceived reading(
      String sensor, String id, Instant at, Double moisture, Double ph) {
    return SensorReadingReceived.newBuilder()
        .setEventId(id)
        .setSensorUuid(sensor)
        .setDeviceId("d")
        .setTransport("mqtt")
        .setMeasuredAt(at)
        .setReceivedAt(at)
        .setSoilMoisture(moisture)
        .setPh(ph)
        .build();
  }

  public static SensorProfileUpdated profile(String sensor, Instant at) {
    return new SensorProfileUpdated(
        sensor,
        35.69,
        51.39,
        "clay loam",
        List.of(new DepthReading(10, 18.5, 14.0, null), new DepthReading(30, 24.0, null, 1.4)),
        "maize",
        "drip",
        null,
        at,
        null);
  }

  public static ForecastUpdated forecast(String sensor, Instant at, double rainFirstDay) {
    return new ForecastUpdated(
        sensor,
        "http",
        List.of(
            new ForecastDay("2026-12-01", 3.0, 15.0, rainFirstDay, 55.0, 3.1, 1.6),
            new ForecastDay("2026-12-02", 2.0, 13.0, 0.0, 50.0, 2.0, 1.9)),
        at);
  }
}
