package io.streamrag.bridge.validate;

import io.streamrag.schemas.Ids;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Instant;
import java.util.Map;

/** A payload that passed every check. */
public record ParsedReading(
    String sensorUuid, Instant measuredAt, Map<Measurement, Double> values) {

  /** The event published for it; a duplicate (same sensor, same time) gets the same id. */
  public SensorReadingReceived toEvent(String deviceId, String transport, Instant receivedAt) {
    var builder =
        SensorReadingReceived.newBuilder()
            .setEventId(Ids.of(sensorUuid, String.valueOf(measuredAt.toEpochMilli())))
            .setSensorUuid(sensorUuid)
            .setDeviceId(deviceId)
            .setTransport(transport)
            .setMeasuredAt(measuredAt)
            .setReceivedAt(receivedAt);
    values.forEach((measurement, value) -> measurement.set(builder, value));
    return builder.build();
  }
}
