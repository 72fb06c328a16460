package io.streamrag.bridge;

import io.streamrag.bridge.auth.Credentials;
import io.streamrag.bridge.auth.Device;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.publish.BridgeWriter;
import io.streamrag.bridge.publish.KeptPayload;
import io.streamrag.bridge.publish.Refusal;
import io.streamrag.bridge.validate.ForecastParser;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.bridge.validate.ProfileParser;
import io.streamrag.bridge.validate.ReadingParser;
import io.streamrag.schemas.sensor.ReadingRejected;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * What happens to every payload, whatever the transport (HTTP, MQTT, the forecast poller). The
 * returned future completes once the broker has the accepted record or the reject: an accepted
 * payload is never lost, and a refused one is always kept, and counted: {@value #REJECTS}, tagged
 * with its {@code reason} code, {@code kind} and {@code transport}.
 */
@Component
public class BridgeSteps {

  /** The counter of refused payloads. */
  public static final String REJECTS = "bridge.rejects";

  /** What a payload claims to be. */
  public enum Kind {
    READING,
    PROFILE,
    FORECAST,
    /** A weather station's observation: {@link StationSteps}. */
    OBSERVATION;

    public String label() {
      return name().toLowerCase();
    }
  }

  private final DeviceRegistry devices;
  private final ReadingParser readings;
  private final ProfileParser profiles;
  private final ForecastParser forecasts;
  private final BridgeWriter writer;
  private final Refusals refusals;
  private final Clock clock;

  BridgeSteps(
      DeviceRegistry devices,
      ReadingParser readings,
      ProfileParser profiles,
      ForecastParser forecasts,
      BridgeWriter writer,
      Refusals refusals,
      Clock clock) {
    this.devices = devices;
    this.readings = readings;
    this.profiles = profiles;
    this.forecasts = forecasts;
    this.writer = writer;
    this.refusals = refusals;
    this.clock = clock;
  }

  /**
   * Accepts or refuses one payload.
   *
   * @param transport {@code http}, {@code mqtt} or {@code poller}
   * @param sensorUuid the sensor named by the URL or the MQTT topic
   * @param raw the payload as received
   */
  public CompletableFuture<Outcome> handle(
      Kind kind, String transport, Credentials credentials, String sensorUuid, byte[] raw) {
    Instant received = clock.instant();
    Device device = null;
    try {
      // 1. who sent it, and may it write for this sensor
      device = devices.authenticate(credentials);
      devices.authorize(device, sensorUuid);
      // 2. parse and validate shape, units, ranges and time; 3. publish, keyed by sensor
      String deviceId = device.id();
      return switch (kind) {
        case READING -> {
          var event =
              readings.parse(sensorUuid, raw, received).toEvent(deviceId, transport, received);
          yield writer
              .reading(event)
              .thenApply(ack -> new Outcome.Accepted(kind, event.getEventId()));
        }
        case PROFILE ->
            writer
                .profile(profiles.parse(sensorUuid, raw, received))
                .thenApply(ack -> new Outcome.Accepted(kind, sensorUuid));
        case FORECAST ->
            writer
                .forecast(forecasts.parse(sensorUuid, raw, received, transport))
                .thenApply(ack -> new Outcome.Accepted(kind, sensorUuid));
        case OBSERVATION -> throw new IllegalArgumentException("an observation is a station's");
      };
    } catch (InvalidReading invalid) {
      // 4. or keep the payload with its reason on the rejects topic
      // an unauthenticated or oversized payload only as its size, hash and first bytes
      String sender = device == null ? deviceOf(credentials) : device.id();
      var kept = refusals.kept(device != null, raw);
      return reject(kind, sensorUuid, new Refusal(transport, sender, kept, invalid, received));
    }
  }

  /**
   * Sends a refused payload through steps 1 to 3 again, as its device sent it then: the device must
   * still be registered and allowed the sensor, and the time checks use the original arrival time.
   * A payload that was never authenticated, or whose bytes were not kept, is not replayed. A
   * payload refused again is not recorded again: its reject is still on the topic.
   *
   * @return {@code accepted}, {@code still_<reason>} or {@code skipped_<why>}
   */
  public CompletableFuture<String> replay(ReadingRejected reject) {
    var skipped = Refusals.unreplayable(reject);
    if (skipped.isPresent()) {
      return CompletableFuture.completedFuture(skipped.get());
    }
    var device = devices.byId(reject.getDeviceId());
    if (device.isEmpty()) {
      return CompletableFuture.completedFuture("skipped_unknown_device");
    }
    Kind kind = Kind.valueOf(reject.getKind().toUpperCase());
    byte[] raw = Refusals.raw(reject);
    String sensor = reject.getSensorUuid();
    Instant received = reject.getReceivedAt();
    try {
      devices.authorize(device.get(), sensor);
      String transport = reject.getTransport();
      return switch (kind) {
        case READING -> {
          var event =
              readings.parse(sensor, raw, received).toEvent(device.get().id(), transport, received);
          yield writer.reading(event).thenApply(ack -> "accepted");
        }
        case PROFILE ->
            writer.profile(profiles.parse(sensor, raw, received)).thenApply(ack -> "accepted");
        case FORECAST ->
            writer
                .forecast(forecasts.parse(sensor, raw, received, transport))
                .thenApply(ack -> "accepted");
        case OBSERVATION -> throw new IllegalArgumentException("an observation is a station's");
      };
    } catch (InvalidReading still) {
      return CompletableFuture.completedFuture("still_" + still.reason().code());
    }
  }

  /**
   * Refuses a payload whose transport stopped reading it at the size limit: the reject keeps the
   * size, hash and first bytes of what was read, never the body.
   *
   * @param read the bytes read before reading stopped
   */
  public CompletableFuture<Outcome> refuseOversized(
      Kind kind, String transport, Credentials credentials, String sensorUuid, byte[] read) {
    var kept = KeptPayload.digest(read);
    var refusal =
        new Refusal(transport, deviceOf(credentials), kept, refusals.tooLarge(), clock.instant());
    return reject(kind, sensorUuid, refusal);
  }

  private CompletableFuture<Outcome> reject(Kind kind, String sensorUuid, Refusal refusal) {
    return refusals.reject(kind, refusal, r -> writer.reject(kind.label(), sensorUuid, r));
  }

  private String deviceOf(Credentials credentials) {
    if (credentials instanceof Credentials.BearerToken t) {
      return devices.byToken(t.token()).map(Device::id).orElse(null);
    }
    if (credentials instanceof Credentials.ConnectedDevice c) {
      return c.deviceId();
    }
    return devices.authenticate(credentials).id(); // an external broker or an internal source
  }

  /** What became of a payload. */
  public sealed interface Outcome {

    /**
     * Published; {@code id} is a reading's or an observation's event id, or the sensor of a profile
     * or forecast.
     */
    record Accepted(Kind kind, String id) implements Outcome {}

    /** Refused, and kept on the rejects topic. */
    record Rejected(InvalidReading reason) implements Outcome {}
  }
}
