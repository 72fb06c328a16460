package io.streamrag.gateway.webhook;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** POSTs one signed alert to one webhook, without blocking; fails unless it answers 2xx in time. */
final class WebhookPoster {

  /** A delivery that did not succeed: no connection, no answer in time, or not 2xx. */
  static final class DeliveryFailed extends RuntimeException {
    DeliveryFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final HttpClient http;
  private final Duration timeout;
  private final Clock clock;

  WebhookPoster(Duration timeout, Clock clock) {
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.timeout = timeout;
    this.clock = clock;
  }

  /** Completes once the webhook answered 2xx; else exceptionally, with {@link DeliveryFailed}. */
  CompletableFuture<Void> post(WebhookTargets.Target target, String alertId, byte[] body) {
    long timestamp = clock.instant().getEpochSecond();
    var request =
        HttpRequest.newBuilder(target.url())
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("User-Agent", "streamrag-gateway")
            .header("X-Streamrag-Alert-Id", alertId)
            .header("X-Streamrag-Timestamp", Long.toString(timestamp))
            .header(
                "X-Streamrag-Signature", WebhookSignature.sign(target.secret(), timestamp, body))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
        .handle(
            (response, error) -> {
              if (error != null) {
                throw new DeliveryFailed(
                    target.user() + "'s webhook is unreachable: " + error, error);
              }
              if (response.statusCode() / 100 != 2) {
                throw new DeliveryFailed(
                    target.user() + "'s webhook answered " + response.statusCode(), null);
              }
              return null;
            });
  }
}
