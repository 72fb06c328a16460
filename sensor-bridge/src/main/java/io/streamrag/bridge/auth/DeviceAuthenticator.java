package io.streamrag.bridge.auth;

import static io.streamrag.bridge.validate.InvalidReading.Reason.FORBIDDEN_SENSOR;
import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;
import static io.streamrag.bridge.validate.InvalidReading.Reason.UNAUTHENTICATED;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.validate.InvalidReading;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Checks a device token and the device's right to publish for a sensor. Tokens are kept only as
 * SHA-256 hashes.
 */
@Component
public class DeviceAuthenticator {

  private final Map<String, BridgeProperties.Device> byTokenHash;

  DeviceAuthenticator(BridgeProperties properties) {
    this.byTokenHash =
        properties.devices().stream()
            .collect(Collectors.toMap(BridgeProperties.Device::tokenSha256, Function.identity()));
  }

  /**
   * The device behind the token, if it may publish for the sensor; else an {@link InvalidReading}.
   */
  public BridgeProperties.Device authenticate(String token, String sensorUuid) {
    var device =
        deviceOf(token)
            .orElseThrow(
                () ->
                    new InvalidReading(
                        UNAUTHENTICATED,
                        null,
                        token == null || token.isBlank()
                            ? "missing device credentials: send Authorization: Bearer <device token>"
                            : "unknown device token"));
    if (!isUuid(sensorUuid)) {
      throw new InvalidReading(
          MALFORMED, "sensor_uuid", "sensor_uuid '" + sensorUuid + "' is not a UUID");
    }
    if (!device.sensors().contains(sensorUuid)) {
      throw new InvalidReading(
          FORBIDDEN_SENSOR,
          "sensor_uuid",
          "device '" + device.id() + "' may not publish for sensor " + sensorUuid);
    }
    return device;
  }

  /** The device a token belongs to, if any. */
  public Optional<BridgeProperties.Device> deviceOf(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    return Optional.ofNullable(byTokenHash.get(sha256(token)));
  }

  /** Hex SHA-256 of a token, the form kept in configuration. */
  public static String sha256(String token) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static boolean isUuid(String s) {
    try {
      return s != null && UUID.fromString(s).toString().equals(s.toLowerCase());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
