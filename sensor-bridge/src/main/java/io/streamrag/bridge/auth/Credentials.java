package io.streamrag.bridge.auth;

import io.streamrag.bridge.validate.InvalidReading;

/** What a payload arrived with, by transport. */
public sealed interface Credentials {

  /**
   * HTTP: {@code Authorization: Bearer <device token>} (or the admin token); {@code null} if
   * absent.
   */
  record BearerToken(String token) implements Credentials {

    /**
     * Why this token is refused: it is missing, or no {@code holder} ({@code device}, {@code
     * station}) has it.
     */
    public InvalidReading refused(String holder) {
      return new InvalidReading(
          InvalidReading.Reason.UNAUTHENTICATED,
          null,
          token == null || token.isBlank()
              ? "missing "
                  + holder
                  + " credentials: send Authorization: Bearer <"
                  + holder
                  + " token>"
              : "unknown " + holder + " token");
    }
  }

  /** The embedded MQTT broker already checked this device's password when it connected. */
  record ConnectedDevice(String deviceId) implements Credentials {}

  /** An external MQTT broker authenticated the publisher and enforces its own ACL. */
  record ExternalBroker(String name) implements Credentials {}

  /** A source inside sensor-bridge itself, e.g. the forecast poller. */
  record Internal(String name) implements Credentials {}
}
