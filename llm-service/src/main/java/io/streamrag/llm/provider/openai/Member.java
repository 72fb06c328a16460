package io.streamrag.llm.provider.openai;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One provider in the chain: its client, its circuit breaker, and the time its last 429 asked us to
 * wait for.
 */
final class Member {

  final OpenAiClient client;
  final CircuitBreaker breaker;
  private final Clock clock;
  private final AtomicReference<Instant> notBefore = new AtomicReference<>(Instant.MIN);

  Member(OpenAiClient client, BreakerSettings settings, Clock clock) {
    this.client = client;
    this.breaker = CircuitBreaker.of(client.endpoint().name(), settings.config(clock));
    this.clock = clock;
  }

  String name() {
    return client.endpoint().name();
  }

  /** When a 429 allows calling again; in the past when nothing holds it back. */
  Instant notBefore() {
    return notBefore.get();
  }

  boolean rateLimited() {
    return notBefore().isAfter(clock.instant());
  }

  /** Would the next request be sent (breaker not open, no 429 wait)? Acquires nothing. */
  boolean available() {
    return !rateLimited() && breaker.getState() != CircuitBreaker.State.OPEN;
  }

  /** Records a failed call: a fault for the breaker, or a 429's wait. */
  void failed(EndpointException e, long nanos) {
    switch (e.kind()) {
      case FAILED -> breaker.onError(nanos, TimeUnit.NANOSECONDS, e);
      case REJECTED -> breaker.releasePermission();
      case RATE_LIMITED -> {
        breaker.releasePermission();
        RetryAfter.until(e.retryAfter(), clock.instant())
            .ifPresent(until -> notBefore.accumulateAndGet(until, Member::later));
      }
    }
  }

  ProviderStatus status() {
    Instant until = rateLimited() ? notBefore() : null;
    var endpoint = client.endpoint();
    return new ProviderStatus(
        endpoint.name(),
        endpoint.model(),
        endpoint.tools(),
        breaker.getState().name(),
        until,
        available());
  }

  private static Instant later(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }
}
