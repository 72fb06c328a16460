package io.streamrag.bridge;

import io.streamrag.bridge.auth.DeviceAuthenticator;
import io.streamrag.bridge.publish.ReadingPublisher;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.bridge.validate.ReadingParser;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * What happens to every payload firmware sends, whatever the transport. Blocking: it returns once
 * the broker has the reading or the reject, so an accepted reading is never lost.
 */
@Component
public class BridgePipeline {

  private final DeviceAuthenticator devices;
  private final ReadingParser parser;
  private final ReadingPublisher publisher;
  private final Clock clock;
  private final int maxPayloadBytes;

  BridgePipeline(
      DeviceAuthenticator devices,
      ReadingParser parser,
      ReadingPublisher publisher,
      Clock clock,
      BridgeProperties properties) {
    this.maxPayloadBytes = properties.maxPayloadBytes();
    this.devices = devices;
    this.parser = parser;
    this.publisher = publisher;
    this.clock = clock;
  }

  /**
   * Accepts or rejects one payload.
   *
   * @param transport {@code http} or {@code mqtt}
   * @param token the device's bearer token, or {@code null}
   * @param sensorUuid the sensor named by the URL or topic
   * @param raw the payload as received
   */
  public Outcome handle(String transport, String token, String sensorUuid, byte[] raw) {
    var received = clock.instant();
    try {
      // 1. authenticate the device and check it may publish for this sensor
      var device = devices.authenticate(token, sensorUuid);
      // 2. parse and validate shape, units, ranges and time
      var reading = parser.parse(sensorUuid, raw, received);
      // 3. publish, keyed by sensor so its readings stay in order
      SensorReadingReceived event = reading.toEvent(device.id(), transport, received);
      publisher.publish(event);
      return new Outcome.Accepted(event.getEventId());
    } catch (InvalidReading invalid) {
      // 4. or keep the payload with its reason on the rejects topic
      publisher.reject(transport, token, sensorUuid, raw, invalid, received);
      return new Outcome.Rejected(invalid);
    }
  }

  /**
   * Refuses a payload too large to even keep; the reject records its size but not its bytes.
   *
   * @param seenBytes how many bytes were read before giving up
   */
  public Outcome refuseOversized(String transport, String token, String sensorUuid, int seenBytes) {
    var why =
        new InvalidReading(
            InvalidReading.Reason.TOO_LARGE,
            null,
            "payload is larger than "
                + seenBytes
                + " bytes; the limit is "
                + maxPayloadBytes
                + "; the body was not kept");
    publisher.reject(transport, token, sensorUuid, new byte[0], why, clock.instant());
    return new Outcome.Rejected(why);
  }

  /** What became of a payload. */
  public sealed interface Outcome {

    /** Published on the readings topic. */
    record Accepted(String eventId) implements Outcome {}

    /** Refused, and kept on the rejects topic. */
    record Rejected(InvalidReading reason) implements Outcome {}
  }
}
