package io.streamrag.gateway;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * gateway-service settings ({@code gateway.*}).
 *
 * @param apiKeys who may call, each key kept only as its SHA-256, with the sensors its owner may
 *     use
 * @param chat limits and timeouts of the chat endpoint
 * @param recommendations the recommendation endpoints
 * @param webhooks how alerts are delivered to the keys' webhooks
 */
@Validated
@ConfigurationProperties("gateway")
public record GatewayProperties(
    @NotNull List<@Valid ApiKey> apiKeys,
    @Valid @NotNull Chat chat,
    @Valid @NotNull Recommendations recommendations,
    @Valid @NotNull Webhooks webhooks) {

  /**
   * @param user the owner, recorded with each request
   * @param keySha256 hex SHA-256 of the API key
   * @param sensors the sensors this key may ask about
   * @param pipelines the assistant pipelines this key may use, the first being its default; empty:
   *     only {@code gateway.chat.pipeline}
   * @param webhook where the alerts of this key's sensors are POSTed; {@code null}: none
   */
  public record ApiKey(
      @NotBlank String user,
      @Pattern(regexp = "[0-9a-f]{64}", message = "must be 64 lowercase hex characters (SHA-256)")
          String keySha256,
      @NotEmpty List<String> sensors,
      List<String> pipelines,
      @Valid Webhook webhook) {}

  /**
   * A key's webhook; both parts are required once either is set, so a bad one stops start-up with
   * the property that names it ({@code gateway.api-keys[i].webhook.url} or {@code .secret}).
   *
   * @param url an absolute {@code http} or {@code https} URL
   * @param secret the HMAC-SHA256 key of the {@code X-Streamrag-Signature} header
   */
  public record Webhook(
      @NotNull
          @Pattern(
              regexp = "https?://[^\\s/?#@]+(?:[/?#]\\S*)?",
              message = "must be an absolute http:// or https:// URL")
          String url,
      @NotBlank(message = "must not be empty: it signs every delivery") String secret) {}

  /**
   * @param pipeline the default assistant pipeline, for keys that name none
   * @param maxMessageChars a longer message is refused with 413
   * @param maxBodyBytes a larger request body is refused with 413
   * @param answerTimeout the longest wait for the first answer event
   * @param idleTimeout the longest wait between two answer events
   * @param keepAlive how often an SSE comment keeps an idle stream open (chat and alerts)
   * @param memoryTimeout the longest wait for llm-service to list or erase a conversation
   * @param maxConcurrentPerKey answers one key may have in flight, across the replicas (one more:
   *     429)
   * @param retryAfter what a 429 or a 503 of a busy cluster tells the client to wait
   */
  public record Chat(
      @NotBlank String pipeline,
      @Positive int maxMessageChars,
      @Positive int maxBodyBytes,
      @NotNull Duration answerTimeout,
      @NotNull Duration idleTimeout,
      @NotNull Duration keepAlive,
      @NotNull Duration memoryTimeout,
      @DefaultValue("20") @Positive int maxConcurrentPerKey,
      @DefaultValue("2s") @NotNull Duration retryAfter) {}

  /**
   * @param timeout the longest wait for llm-service's recommendation (a model may write its
   *     reason), else 503
   */
  public record Recommendations(@NotNull Duration timeout) {}

  /**
   * Delivery of alerts to webhooks: a failed POST is retried with exponential back-off, then the
   * alert goes to {@code dlq.gateway.webhooks}. The binding that reads the alerts (topic, group,
   * concurrency) is {@code webhookDeliveries-in-0} in gateway-service.yml.
   *
   * @param attempts deliveries of one alert before it is dead-lettered (the first included)
   * @param initialInterval the wait before the first retry
   * @param multiplier each further wait is this times the previous one
   * @param maxInterval the longest wait between two attempts
   * @param timeout the longest one POST may take, connecting included
   */
  public record Webhooks(
      @Positive int attempts,
      @NotNull Duration initialInterval,
      @DecimalMin("1.0") double multiplier,
      @NotNull Duration maxInterval,
      @NotNull Duration timeout) {}
}
