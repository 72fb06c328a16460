package io.streamrag.llm.provider.openai;

import java.time.Instant;

/**
 * One provider of the chain as it stands now, for the health endpoint.
 *
 * @param name the provider's name
 * @param model its model
 * @param tools whether it supports tool calling
 * @param breaker its circuit breaker's state: {@code CLOSED}, {@code OPEN}, {@code HALF_OPEN}…
 * @param rateLimitedUntil when its last 429 allows calling it again; {@code null} when it does not
 *     hold it back
 * @param available whether the next request would be sent to it
 */
public record ProviderStatus(
    String name,
    String model,
    boolean tools,
    String breaker,
    Instant rateLimitedUntil,
    boolean available) {}
