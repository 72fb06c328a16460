package io.streamrag.bridge.http;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * What one network address may cost the bridge before it has authenticated ({@code
 * bridge.intake.*}).
 *
 * @param unauthenticatedPerMinute HTTP requests without a valid device or admin token one address
 *     may make a minute; over it, every request of that address is 429 until the minute turns
 * @param mqttConnectsPerMinute MQTT connections one address may open a minute (devices keep theirs
 *     open); over it, new ones are closed at once
 */
@Validated
@ConfigurationProperties("bridge.intake")
public record IntakeLimits(
    @Positive int unauthenticatedPerMinute, @Positive int mqttConnectsPerMinute) {}
