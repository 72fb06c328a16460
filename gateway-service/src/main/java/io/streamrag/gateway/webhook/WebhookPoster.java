package io.streamrag.gateway.webhook;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;

/** POSTs one signed alert to one webhook, and fails unless it answers 2xx in time. */
final class WebhookPoster {

  /** A delivery that did not succeed: no connection, no answer in time, or not 2xx. */
  static final class DeliveryFailed extends Exception {
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

  void post(WebhookTargets.Target target, String alertId, byte[] body) throws DeliveryFailed {
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
    try {
      int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
      if (status / 100 != 2) {
        throw new DeliveryFailed(target.user() + "'s webhook answered " + status, null);
      }
    } catch (IOException e) {
      throw new DeliveryFailed(target.user() + "'s webhook is unreachable: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeliveryFailed("interrupted while posting to " + target.user() + "'s webhook", e);
    }
  }
}
