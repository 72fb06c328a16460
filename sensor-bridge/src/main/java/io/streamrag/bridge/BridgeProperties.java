package io.streamrag.bridge;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * sensor-bridge settings ({@code bridge.*}).
 *
 * @param devices devices fixed in configuration (more are registered through the admin API)
 * @param admin the operator's token, for the admin API and for writing any sensor's data
 * @param maxPayloadBytes a larger payload is refused with 413
 * @param maxAge a reading measured longer ago than this is refused
 * @param maxFutureSkew a reading measured further in the future than this is refused
 * @param mqtt how firmware reaches us over MQTT
 * @param forecast the optional forecast poller
 * @param weather weather stations: how fields find theirs, and the optional observation poller
 */
@Validated
@ConfigurationProperties("bridge")
public record BridgeProperties(
    @NotNull List<@Valid Device> devices,
    @Valid @NotNull Admin admin,
    @Positive int maxPayloadBytes,
    @NotNull Duration maxAge,
    @NotNull Duration maxFutureSkew,
    @Valid @NotNull Mqtt mqtt,
    @Valid @NotNull ForecastPoll forecast,
    @Valid @NotNull Weather weather) {

  private static final String SHA256 = "[0-9a-f]{64}";

  /**
   * One configured device.
   *
   * @param tokenSha256 hex SHA-256 of its token; the token itself is never stored
   */
  public record Device(
      @NotBlank String id,
      @Pattern(regexp = SHA256, message = "must be 64 lowercase hex characters (SHA-256)")
          String tokenSha256,
      @NotEmpty List<String> sensors) {}

  /**
   * @param tokenSha256 hex SHA-256 of the admin token; empty turns the admin API off
   */
  public record Admin(
      @Pattern(
              regexp = SHA256 + "|",
              message = "must be empty or 64 lowercase hex characters (SHA-256)")
          String tokenSha256) {}

  /**
   * @param mode {@code embedded} (a broker inside sensor-bridge), {@code external} (subscribe to
   *     another broker) or {@code off}
   * @param host the embedded broker's listen address
   * @param port the embedded broker's plain port (0: any free port; -1: none, e.g. when only {@code
   *     tls} may be used)
   * @param url the external broker, e.g. {@code tcp://mosquitto:1883}
   * @param username the bridge's own login on the external broker
   * @param password the bridge's own password on the external broker
   * @param clientId the bridge's MQTT client id on the external broker (one per replica)
   * @param tls the embedded broker's MQTT over TLS
   */
  public record Mqtt(
      @NotNull Mode mode,
      @NotBlank String host,
      @Min(-1) @Max(65535) int port,
      String url,
      String username,
      String password,
      @NotBlank String clientId,
      @Valid @NotNull Tls tls) {

    /**
     * MQTT over TLS on the embedded broker: device tokens travel encrypted.
     *
     * @param port 0: off; else its port (8883 by convention; the LoadBalancer publishes it)
     * @param keystore a PKCS12 file with the server's key and certificate chain (cert-manager's
     *     {@code keystore.p12})
     * @param keystorePassword its password
     */
    public record Tls(@Min(0) @Max(65535) int port, String keystore, String keystorePassword) {

      public static final Tls OFF = new Tls(0, "", "");

      public boolean enabled() {
        return port > 0;
      }
    }

    public enum Mode {
      EMBEDDED,
      EXTERNAL,
      OFF
    }
  }

  /**
   * @param enabled poll an Open-Meteo-compatible API for every sensor with a location
   * @param url its forecast endpoint
   * @param interval how often
   */
  public record ForecastPoll(boolean enabled, @NotBlank String url, @NotNull Duration interval) {}

  /**
   * @param maxStationKm a field whose profile names no station follows the nearest registered one
   *     within this distance, km
   * @param poll the optional Open-Meteo observation poller
   */
  public record Weather(@Positive double maxStationKm, @Valid @NotNull ObservationPoll poll) {}

  /**
   * @param enabled poll an Open-Meteo-compatible API for the observations of {@code stations}
   * @param url its forecast endpoint (past hours and the current conditions)
   * @param interval how often
   * @param stations the registered stations to poll for, by id; empty: every registered station
   */
  public record ObservationPoll(
      boolean enabled,
      @NotBlank String url,
      @NotNull Duration interval,
      @NotNull List<String> stations) {}
}
