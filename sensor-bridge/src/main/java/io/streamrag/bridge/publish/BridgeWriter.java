package io.streamrag.bridge.publish;

import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.weather.WeatherObserved;
import java.nio.ByteBuffer;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * Everything sensor-bridge writes, keyed by sensor so one sensor's data stays in order. Each method
 * returns the broker's acknowledgement: an HTTP 202 or an MQTT hand-off waits for it.
 */
@Component
public class BridgeWriter {

  private final TopicWriter writer;

  BridgeWriter(TopicWriter writer) {
    this.writer = writer;
  }

  public CompletableFuture<?> reading(SensorReadingReceived reading) {
    return writer.send(SensorTopics.SENSOR_READINGS, reading.getSensorUuid(), reading);
  }

  public CompletableFuture<?> profile(SensorProfileUpdated profile) {
    return writer.send(SensorTopics.SENSOR_PROFILES, profile.getSensorUuid(), profile);
  }

  public CompletableFuture<?> forecast(ForecastUpdated forecast) {
    return writer.send(SensorTopics.SENSOR_FORECASTS, forecast.getSensorUuid(), forecast);
  }

  public CompletableFuture<?> observation(WeatherObserved observation) {
    return writer.send(WeatherTopics.WEATHER_OBSERVATIONS, observation.getStationId(), observation);
  }

  /**
   * Keeps a refused observation of a station, or what {@link KeptPayload} keeps of it, keyed by the
   * station.
   */
  public CompletableFuture<?> rejectObservation(String stationId, Refusal refusal) {
    var rejected = rejected("observation", null, refusal);
    rejected.setStationId(stationId);
    return writer.send(SensorTopics.READINGS_REJECTED, stationId, rejected);
  }

  /** Keeps a refused payload, or what {@link KeptPayload} keeps of it, with its reason. */
  public CompletableFuture<?> reject(String kind, String sensorUuid, Refusal refusal) {
    var rejected = rejected(kind, sensorUuid, refusal);
    String sender = refusal.sender();
    String key = sensorUuid != null ? sensorUuid : sender != null ? sender : Ids.of("unknown");
    return writer.send(SensorTopics.READINGS_REJECTED, key, rejected);
  }

  private static ReadingRejected rejected(String kind, String sensorUuid, Refusal refusal) {
    InvalidReading why = refusal.why();
    KeptPayload kept = refusal.kept();
    return ReadingRejected.newBuilder()
        .setRejectId(UUID.randomUUID().toString())
        .setTransport(refusal.transport())
        .setKind(kind)
        .setDeviceId(refusal.sender())
        .setSensorUuid(sensorUuid)
        .setReasonCode(why.reason().code())
        .setReason(why.getMessage())
        .setField(why.field())
        .setRaw(ByteBuffer.wrap(kept.raw()))
        .setRawSize(kept.size())
        .setRawSha256(kept.sha256())
        .setReceivedAt(refusal.at())
        .build();
  }
}
