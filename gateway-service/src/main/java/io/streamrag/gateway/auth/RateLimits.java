package io.streamrag.gateway.auth;

import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A Resilience4j rate limiter per key and role: at most {@code gateway.rate-limit.requests-per-
 * minute.<role>} requests in each minute-long window of that key, on this replica (each replica
 * counts its own: behind N replicas a key may make up to N times the limit). A rotated key keeps
 * its count: the limit is the identity's, not the secret's.
 */
final class RateLimits {

  private static final Duration WINDOW = Duration.ofMinutes(1);

  private final AuthProperties.PerRole perMinute;
  private final Supplier<Long> nanoTime;
  private final Map<String, AtomicRateLimiter> byKey = new ConcurrentHashMap<>();

  /**
   * @param nanoTime the clock the windows are measured with ({@code System::nanoTime})
   */
  RateLimits(AuthProperties.PerRole perMinute, Supplier<Long> nanoTime) {
    this.perMinute = perMinute;
    this.nanoTime = nanoTime;
  }

  /** The caller's limit per minute. */
  int limit(Caller caller) {
    return perMinute.of(caller.role());
  }

  /**
   * Counts one request of the caller: {@link Duration#ZERO} when it is admitted, else how long
   * until its key's next window opens.
   */
  Duration acquire(Caller caller) {
    var limiter =
        byKey.computeIfAbsent(
            caller.keyId() + "/" + caller.role(),
            name -> new AtomicRateLimiter(name, config(limit(caller)), nanoTime));
    if (limiter.acquirePermission()) {
      return Duration.ZERO;
    }
    return Duration.ofNanos(Math.max(1, limiter.getDetailedMetrics().getNanosToWait()));
  }

  private static RateLimiterConfig config(int limit) {
    return RateLimiterConfig.custom()
        .limitForPeriod(limit)
        .limitRefreshPeriod(WINDOW)
        .timeoutDuration(Duration.ZERO) // refuse at once, never hold a request
        .build();
  }
}
