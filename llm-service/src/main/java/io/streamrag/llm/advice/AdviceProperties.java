package io.streamrag.llm.advice;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Recommendations ({@code llm.advice.*}).
 *
 * @param moistureMaxAge a moisture reading older than this is flagged stale
 * @param nutrientsMaxAge a soil test older than this is flagged stale
 */
@Validated
@ConfigurationProperties("llm.advice")
public record AdviceProperties(
    @NotNull Duration moistureMaxAge, @NotNull Duration nutrientsMaxAge) {}
