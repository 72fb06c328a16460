package io.streamrag.gateway.auth;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code gateway.*} settings of identities (the keys themselves are on {@code gateway.keys};
 * {@code gateway.api-keys} is read by {@code GatewayProperties}).
 *
 * @param adminKeySha256 hex SHA-256 of the bootstrap admin key, which may call the key admin API
 *     before any admin key is issued; empty: none
 * @param rateLimit how many requests one key may make
 */
@Validated
@ConfigurationProperties("gateway")
public record AuthProperties(
    @Pattern(regexp = "|[0-9a-f]{64}", message = "must be empty or 64 lowercase hex (SHA-256)")
        String adminKeySha256,
    @Valid @NotNull RateLimit rateLimit) {

  public AuthProperties {
    adminKeySha256 = adminKeySha256 == null ? "" : adminKeySha256;
  }

  /**
   * Each key's requests in every minute-long window, counted on each replica.
   *
   * @param requestsPerMinute the limit of a key, by its role
   * @param unauthenticatedPerMinute requests without a valid key one address may make a minute;
   *     over it, every request of that address is 429 until its window turns
   */
  public record RateLimit(
      @Valid @NotNull PerRole requestsPerMinute, @Positive int unauthenticatedPerMinute) {}

  /**
   * @param user the limit of a user key
   * @param admin the limit of an admin key
   */
  public record PerRole(@Positive int user, @Positive int admin) {

    public int of(Role role) {
      return role == Role.ADMIN ? admin : user;
    }
  }
}
