package io.streamrag.kit.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * What one network address may send before it has authenticated: at most {@code perMinute} requests
 * (or connections) without a valid token in each minute-long window, on this replica. An address
 * over it is refused before its token is even looked at, until its window turns: guessing tokens,
 * or posting bodies without one, costs an attacker a minute per {@code perMinute} tries. Addresses
 * are remembered while they are active, at most {@value #MAX_ADDRESSES} of them (the least recently
 * seen go first), so a flood of addresses cannot grow memory without bound.
 */
public final class AddressLimits {

  static final int MAX_ADDRESSES = 100_000;
  private static final Duration WINDOW = Duration.ofMinutes(1);

  private final int perMinute;
  private final RateLimiterConfig config;
  private final Supplier<Long> nanoTime;
  private final Cache<String, AtomicRateLimiter> byAddress =
      Caffeine.newBuilder()
          .maximumSize(MAX_ADDRESSES)
          .expireAfterAccess(WINDOW.multipliedBy(2))
          .executor(Runnable::run)
          .build();

  /**
   * @param nanoTime the clock the windows are measured with ({@code System::nanoTime})
   */
  public AddressLimits(int perMinute, Supplier<Long> nanoTime) {
    this.perMinute = perMinute;
    this.nanoTime = nanoTime;
    this.config =
        RateLimiterConfig.custom()
            .limitForPeriod(perMinute)
            .limitRefreshPeriod(WINDOW)
            .timeoutDuration(Duration.ZERO) // refuse at once, never hold a request
            .build();
  }

  /** How many unauthenticated requests an address may make a minute. */
  public int perMinute() {
    return perMinute;
  }

  /**
   * How long until the address may try again without a valid token: {@link Duration#ZERO} when it
   * has tries left. Counts nothing: asked before authentication.
   */
  public Duration blocked(String address) {
    var limiter = byAddress.getIfPresent(address);
    if (limiter == null || limiter.getMetrics().getAvailablePermissions() > 0) {
      return Duration.ZERO;
    }
    return Duration.ofNanos(Math.max(1, limiter.getDetailedMetrics().getNanosToWait()));
  }

  /** Counts one unauthenticated request of the address: false when it had no try left. */
  public boolean failed(String address) {
    return byAddress
        .get(address, name -> new AtomicRateLimiter(name, config, nanoTime))
        .acquirePermission();
  }

  /** The address a request or connection came from, without its port; "unknown" if none. */
  public static String of(InetSocketAddress remote) {
    if (remote == null) {
      return "unknown";
    }
    return remote.getAddress() != null
        ? remote.getAddress().getHostAddress()
        : remote.getHostString();
  }
}
