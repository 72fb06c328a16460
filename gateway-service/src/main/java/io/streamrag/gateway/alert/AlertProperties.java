package io.streamrag.gateway.alert;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Alert streams ({@code gateway.alerts.*}).
 *
 * @param maxStreamsPerKey how many alert streams one key may hold open on a replica; one more is
 *     {@code 429}
 * @param idleTimeout a stream that carried no alert for this long ends (with an {@code idle}
 *     event); an {@code EventSource} reconnects by itself
 */
@Validated
@ConfigurationProperties("gateway.alerts")
public record AlertProperties(@Positive int maxStreamsPerKey, @NotNull Duration idleTimeout) {}
