package io.streamrag.gateway;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * gateway-service settings ({@code gateway.*}).
 *
 * @param apiKeys who may call, each key kept only as its SHA-256, with the sensors its owner may
 *     use
 * @param chat limits and timeouts of the chat endpoint
 */
@Validated
@ConfigurationProperties("gateway")
public record GatewayProperties(@NotNull List<@Valid ApiKey> apiKeys, @Valid @NotNull Chat chat) {

  /**
   * @param user the owner, recorded with each request
   * @param keySha256 hex SHA-256 of the API key
   * @param sensors the sensors this key may ask about
   * @param pipelines the assistant pipelines this key may use, the first being its default; empty:
   *     only {@code gateway.chat.pipeline}
   */
  public record ApiKey(
      @NotBlank String user,
      @Pattern(regexp = "[0-9a-f]{64}", message = "must be 64 lowercase hex characters (SHA-256)")
          String keySha256,
      @NotEmpty List<String> sensors,
      List<String> pipelines) {}

  /**
   * @param pipeline the default assistant pipeline, for keys that name none
   * @param maxMessageChars a longer message is refused with 413
   * @param maxBodyBytes a larger request body is refused with 413
   * @param answerTimeout the longest wait for the first answer event
   * @param idleTimeout the longest wait between two answer events
   * @param keepAlive how often an SSE comment keeps an idle stream open
   * @param memoryTimeout the longest wait for llm-service to list or erase a conversation
   */
  public record Chat(
      @NotBlank String pipeline,
      @Positive int maxMessageChars,
      @Positive int maxBodyBytes,
      @NotNull Duration answerTimeout,
      @NotNull Duration idleTimeout,
      @NotNull Duration keepAlive,
      @NotNull Duration memoryTimeout) {}
}
