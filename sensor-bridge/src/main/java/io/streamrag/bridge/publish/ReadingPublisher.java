package io.streamrag.bridge.publish;

import io.streamrag.bridge.auth.DeviceAuthenticator;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.UUID;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * Writes accepted readings and rejected payloads to Kafka. Both bindings send synchronously, so
 * returning means the broker has the record.
 */
@Component
public class ReadingPublisher {

  static final String READINGS = "readings-out-0";
  static final String REJECTS = "rejects-out-0";

  private final StreamBridge bridge;
  private final DeviceAuthenticator devices;

  ReadingPublisher(StreamBridge bridge, DeviceAuthenticator devices) {
    this.bridge = bridge;
    this.devices = devices;
  }

  /** Publishes a valid reading keyed by its sensor. */
  public void publish(SensorReadingReceived reading) {
    send(READINGS, reading.getSensorUuid(), reading);
  }

  /** Keeps a refused payload, raw bytes included, with the reason it was refused. */
  public void reject(
      String transport,
      String token,
      String sensorUuid,
      byte[] raw,
      InvalidReading why,
      Instant at) {
    String deviceId = devices.deviceOf(token).map(d -> d.id()).orElse(null);
    var rejected =
        ReadingRejected.newBuilder()
            .setRejectId(UUID.randomUUID().toString())
            .setTransport(transport)
            .setDeviceId(deviceId)
            .setSensorUuid(sensorUuid)
            .setReasonCode(why.reason().code())
            .setReason(why.getMessage())
            .setField(why.field())
            .setRaw(ByteBuffer.wrap(raw))
            .setReceivedAt(at)
            .build();
    String key = sensorUuid != null ? sensorUuid : deviceId != null ? deviceId : Ids.of("unknown");
    send(REJECTS, key, rejected);
  }

  private void send(String binding, String key, Object payload) {
    var message = MessageBuilder.withPayload(payload).setHeader(KafkaHeaders.KEY, key).build();
    if (!bridge.send(binding, message)) {
      throw new IllegalStateException("Kafka did not take the record for " + binding);
    }
  }
}
