package io.streamrag.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitsTest {

  final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  final RateLimits limits = new RateLimits(new AuthProperties.PerRole(3, 5), nanos::get);

  static Caller caller(String keyId, Role role) {
    return new Caller(keyId, "u", "t", Set.of(), List.of("croplogic"), role);
  }

  @Test
  void aKeyOverItsLimitWaitsForItsNextWindow() {
    var farmer = caller("k1", Role.USER);
    for (int i = 0; i < 3; i++) {
      assertThat(limits.acquire(farmer)).isZero();
    }
    nanos.addAndGet(Duration.ofSeconds(20).toNanos());

    Duration wait = limits.acquire(farmer);

    assertThat(wait).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(60));
    nanos.addAndGet(wait.toNanos());
    assertThat(limits.acquire(farmer)).isZero();
  }

  @Test
  void eachKeyIsCountedAloneAndAnAdminKeyByTheAdminLimit() {
    var spent = caller("k1", Role.USER);
    for (int i = 0; i < 3; i++) {
      limits.acquire(spent);
    }
    assertThat(limits.acquire(spent)).isPositive();

    assertThat(limits.acquire(caller("k2", Role.USER))).isZero();
    var admin = caller("k3", Role.ADMIN);
    for (int i = 0; i < 5; i++) {
      assertThat(limits.acquire(admin)).isZero();
    }
    assertThat(limits.acquire(admin)).isPositive();
  }

  @Test
  void retryAfterIsWholeSecondsRoundedUp() {
    assertThat(AuthenticationFilter.seconds(Duration.ofMillis(1))).isEqualTo(1);
    assertThat(AuthenticationFilter.seconds(Duration.ofMillis(1000))).isEqualTo(1);
    assertThat(AuthenticationFilter.seconds(Duration.ofMillis(1001))).isEqualTo(2);
    assertThat(AuthenticationFilter.seconds(Duration.ofSeconds(59).plusMillis(10))).isEqualTo(60);
  }
}
