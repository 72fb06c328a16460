package io.streamrag.llm.provider.openai;

import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Duration;

/**
 * The circuit breaker each provider gets (Resilience4j, count-based window).
 *
 * @param failureRateThreshold percentage of failed calls in the window that opens the breaker
 * @param minimumNumberOfCalls calls the window must hold before the rate is judged
 * @param slidingWindowSize the last calls the rate is computed over
 * @param waitDurationInOpenState how long an open breaker skips its provider
 * @param permittedNumberOfCallsInHalfOpenState trial calls after that wait
 */
public record BreakerSettings(
    float failureRateThreshold,
    int minimumNumberOfCalls,
    int slidingWindowSize,
    Duration waitDurationInOpenState,
    int permittedNumberOfCallsInHalfOpenState) {

  CircuitBreakerConfig config(Clock clock) {
    return CircuitBreakerConfig.custom()
        .failureRateThreshold(failureRateThreshold)
        .minimumNumberOfCalls(minimumNumberOfCalls)
        .slidingWindowSize(slidingWindowSize)
        .waitDurationInOpenState(waitDurationInOpenState)
        .permittedNumberOfCallsInHalfOpenState(permittedNumberOfCallsInHalfOpenState)
        // a streamed answer is long by nature: slowness is the timeouts' business, not a fault
        .slowCallDurationThreshold(Duration.ofDays(1))
        .clock(clock)
        .build();
  }
}
