package io.streamrag.llm;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How llm-service handles one chat request ({@code llm.chat.*}).
 *
 * @param maxMessageChars a longer message is refused (the gateway refuses it first, with 413)
 * @param retrievalTimeout the longest wait for retrieval-service; then the answer is degraded
 */
@Validated
@ConfigurationProperties("llm.chat")
public record ChatProperties(@Positive int maxMessageChars, @NotNull Duration retrievalTimeout) {}
