package io.streamrag.llm.guard;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The guardrails of llm-service ({@code llm.guard.*}); see the README, "Guardrails".
 *
 * @param judge the model judge: {@code off}, {@code fail-open} (a message passes when the model
 *     cannot give a verdict) or {@code fail-closed} (it is refused)
 * @param similarityThreshold the least cosine to a known attack that refuses a message
 * @param leakWords how many words in a row of the instructions make an answer a copy of them
 */
@Validated
@ConfigurationProperties("llm.guard")
public record GuardProperties(
    @Pattern(
            regexp = "off|fail-open|fail-closed",
            message = "must be off, fail-open or fail-closed")
        String judge,
    @DecimalMin("0.05") @DecimalMax("1.0") double similarityThreshold,
    @Min(4) int leakWords) {}
