package io.streamrag.retrieval.calibrate;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The fusion calibration's settings ({@code retrieval.calibration.*}).
 *
 * @param enabled calibrate each KB's fusion weights from its content; off, every KB searches with
 *     {@code retrieval.search}'s weights
 * @param queries pseudo-queries asked per calibration
 * @param sample chunks of a KB read to draw them from
 * @param minChunks a KB with fewer global chunks keeps the configured weights
 * @param settle how long a KB's knowledge must stay unchanged before it is calibrated (a document
 *     arrives as many changes)
 * @param minInterval the least time between two calibrations of one KB
 * @param checkEvery how often changed KBs are looked for
 */
@Validated
@ConfigurationProperties("retrieval.calibration")
public record CalibrationProperties(
    boolean enabled,
    @Min(10) @Max(2000) int queries,
    @Min(10) @Max(100_000) int sample,
    @Min(1) int minChunks,
    @NotNull Duration settle,
    @NotNull Duration minInterval,
    @NotNull Duration checkEvery) {}
