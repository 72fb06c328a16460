package io.streamrag.bridge.auth;

import static io.streamrag.bridge.validate.InvalidReading.Reason.FORBIDDEN_SENSOR;
import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;
import static io.streamrag.bridge.validate.InvalidReading.Reason.UNAUTHENTICATED;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.DeviceRegistered;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The devices allowed to publish: registered through the admin API onto the compacted {@code
 * device.registry} topic, which every replica follows (so a device added on one replica can publish
 * through any other, and every restart sees it), plus devices fixed in configuration. Tokens are
 * held only as SHA-256 hashes.
 */
public final class DeviceRegistry implements AutoCloseable {

  private final Map<String, Device> fixed = new ConcurrentHashMap<>();
  private final Map<String, String> fixedHashes = new ConcurrentHashMap<>();
  private final Map<String, String> deviceByHash = new ConcurrentHashMap<>();
  private final String adminHash;
  private final TopicView<DeviceRegistered> registered;
  private final TopicWriter writer;
  private final Clock clock;

  public DeviceRegistry(
      TopicReaders readers,
      BridgeProperties properties,
      TopicWriter writer,
      Clock clock,
      Duration timeout) {
    this.writer = writer;
    this.clock = clock;
    this.adminHash = properties.admin().tokenSha256();
    for (var d : properties.devices()) {
      fixed.put(d.id(), new Device(d.id(), Set.copyOf(d.sensors()), false));
      fixedHashes.put(d.tokenSha256(), d.id());
    }
    this.registered =
        TopicView.followVersioned(
                readers,
                SensorTopics.DEVICE_REGISTRY.name(),
                DeviceRegistered.class,
                d -> d.getUpdatedAt().toEpochMilli(),
                this::reindex)
            .caughtUpWithin(timeout);
  }

  /** The device behind a payload's credentials, or an {@link InvalidReading} (401). */
  public Device authenticate(Credentials credentials) {
    if (credentials instanceof Credentials.BearerToken t) {
      return byToken(t.token()).orElseThrow(() -> t.refused("device"));
    }
    if (credentials instanceof Credentials.ConnectedDevice c) {
      return byId(c.deviceId())
          .orElseThrow(
              () ->
                  new InvalidReading(
                      UNAUTHENTICATED,
                      null,
                      "device '" + c.deviceId() + "' is no longer registered"));
    }
    if (credentials instanceof Credentials.ExternalBroker b) {
      return new Device("mqtt:" + b.name(), Set.of(), true);
    }
    return new Device(((Credentials.Internal) credentials).name(), Set.of(), true);
  }

  /**
   * Refuses (403) a device writing for a sensor that is not its own, or (400) a malformed sensor
   * id.
   */
  public void authorize(Device device, String sensorUuid) {
    if (!isUuid(sensorUuid)) {
      throw new InvalidReading(
          MALFORMED, "sensor_uuid", "sensor_uuid '" + sensorUuid + "' is not a UUID");
    }
    if (!device.mayPublishFor(sensorUuid)) {
      throw new InvalidReading(
          FORBIDDEN_SENSOR,
          "sensor_uuid",
          "device '" + device.id() + "' may not publish for sensor " + sensorUuid);
    }
  }

  /**
   * The device a token belongs to; the admin token is the operator, who may write for any sensor.
   */
  public Optional<Device> byToken(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    String hash = Sha256.hex(token);
    if (Sha256.sameHex(hash, adminHash)) {
      return Optional.of(new Device("admin", Set.of(), true));
    }
    String id = deviceByHash.getOrDefault(hash, fixedHashes.get(hash));
    return id == null ? Optional.empty() : byId(id);
  }

  /** True when the token is the operator's admin token. */
  public boolean isAdmin(String token) {
    return token != null && Sha256.sameHex(Sha256.hex(token), adminHash);
  }

  /** The device with this id, registered or configured. */
  public Optional<Device> byId(String deviceId) {
    return registered
        .get(deviceId)
        .map(d -> new Device(d.getDeviceId(), Set.copyOf(d.getSensors()), false))
        .or(() -> Optional.ofNullable(fixed.get(deviceId)));
  }

  /** True when {@code token} is the token of device {@code deviceId} (the MQTT password check). */
  public boolean checkPassword(String deviceId, String token) {
    return token != null && byToken(token).map(d -> d.id().equals(deviceId)).orElse(false);
  }

  /**
   * Registers or updates a device; returns once the broker has it, so every replica will see it.
   */
  public void register(String deviceId, String token, List<String> sensors) {
    var record =
        new DeviceRegistered(deviceId, Sha256.hex(token), List.copyOf(sensors), clock.instant());
    writer.send(SensorTopics.DEVICE_REGISTRY, deviceId, record).join();
    registered.update(deviceId, record);
    reindex(deviceId, record);
  }

  /** Removes a device; its token stops working at once. */
  public boolean remove(String deviceId) {
    if (registered.get(deviceId).isEmpty()) {
      return false;
    }
    writer.tombstone(SensorTopics.DEVICE_REGISTRY, deviceId).join();
    registered.update(deviceId, null);
    reindex(deviceId, null);
    return true;
  }

  /** Every registered device (configured ones are not listed). */
  public List<DeviceRegistered> registered() {
    return registered.values().stream()
        .sorted((a, b) -> a.getDeviceId().compareTo(b.getDeviceId()))
        .toList();
  }

  private void reindex(String deviceId, DeviceRegistered now) {
    deviceByHash.values().removeIf(deviceId::equals);
    if (now != null) {
      deviceByHash.put(now.getTokenSha256(), deviceId);
    }
  }

  private static boolean isUuid(String s) {
    try {
      return s != null && UUID.fromString(s).toString().equals(s.toLowerCase());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  public void close() {
    registered.close();
  }
}
