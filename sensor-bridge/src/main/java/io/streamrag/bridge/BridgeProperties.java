package io.streamrag.bridge;

import jakarta.validation.Valid;
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
 * @param devices the devices allowed to publish, each with the SHA-256 of its token
 * @param maxPayloadBytes a larger payload is refused with 413
 * @param maxAge a reading measured longer ago than this is refused
 * @param maxFutureSkew a reading measured further in the future than this is refused
 */
@Validated
@ConfigurationProperties("bridge")
public record BridgeProperties(
    @NotNull List<@Valid Device> devices,
    @Positive int maxPayloadBytes,
    @NotNull Duration maxAge,
    @NotNull Duration maxFutureSkew) {

  /**
   * One device.
   *
   * @param id the device id recorded with its readings
   * @param tokenSha256 hex SHA-256 of its bearer token; the token itself is never stored
   * @param sensors the sensors it may publish for
   */
  public record Device(
      @NotBlank String id,
      @Pattern(regexp = "[0-9a-f]{64}", message = "must be 64 lowercase hex characters (SHA-256)")
          String tokenSha256,
      @NotEmpty List<String> sensors) {}
}
