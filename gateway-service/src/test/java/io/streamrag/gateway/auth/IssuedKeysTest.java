package io.streamrag.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.auth.ApiKeyIssued;
import io.streamrag.schemas.auth.KeyRole;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which hashes an issued key accepts, as it stands. */
class IssuedKeysTest {

  static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  static ApiKeyIssued.Builder key() {
    return ApiKeyIssued.newBuilder()
        .setKeyId("k")
        .setKeySha256("new")
        .setUserId("u")
        .setTenant("t")
        .setSensors(List.of())
        .setPipelines(List.of())
        .setRole(KeyRole.USER)
        .setCreatedAt(NOW.minus(Duration.ofDays(1)))
        .setChangedBy("bootstrap-admin");
  }

  @Test
  void itsCurrentKeyIsAccepted() {
    assertThat(IssuedKeys.accepts(key().build(), "new", NOW)).isTrue();
    assertThat(IssuedKeys.accepts(key().build(), "other", NOW)).isFalse();
  }

  @Test
  void theReplacedKeyIsAcceptedOnlyUntilItsGracePeriodEnds() {
    var rotated =
        key().setPreviousKeySha256("old").setPreviousValidUntil(NOW.plusSeconds(60)).build();

    assertThat(IssuedKeys.accepts(rotated, "old", NOW)).isTrue();
    assertThat(IssuedKeys.accepts(rotated, "old", NOW.plusSeconds(60))).isFalse();
    assertThat(IssuedKeys.accepts(rotated, "new", NOW.plusSeconds(60))).isTrue();
  }

  @Test
  void aRevokedKeyAcceptsNothing() {
    var revoked =
        key()
            .setPreviousKeySha256("old")
            .setPreviousValidUntil(NOW.plusSeconds(60))
            .setRevokedAt(NOW.minusSeconds(1))
            .build();

    assertThat(IssuedKeys.accepts(revoked, "new", NOW)).isFalse();
    assertThat(IssuedKeys.accepts(revoked, "old", NOW)).isFalse();
  }
}
