package io.streamrag.gateway.openai;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The OpenAI-compatible API ({@code gateway.openai.*}).
 *
 * @param maxBodyBytes a larger request body is refused with 413: it carries the conversation's
 *     earlier turns, so it may be larger than a chat body
 */
@Validated
@ConfigurationProperties("gateway.openai")
public record OpenAiProperties(@Positive int maxBodyBytes) {}
