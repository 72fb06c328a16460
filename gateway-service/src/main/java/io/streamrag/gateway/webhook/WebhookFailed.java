package io.streamrag.gateway.webhook;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * An alert a key's webhook did not take after its last attempt (or whose queue was full): it is
 * dead-lettered naming {@link #pending} in the {@value #PENDING_HEADER} header.
 */
final class WebhookFailed extends RuntimeException {

  /** The dead letter's header listing the users whose webhook never got the alert. */
  static final String PENDING_HEADER = "streamrag-webhook-pending";

  private final String alertId;
  private final List<String> pending;

  WebhookFailed(String alertId, List<String> pending, Throwable lastCause) {
    super("alert " + alertId + " not delivered to " + String.join(", ", pending), lastCause);
    this.alertId = alertId;
    this.pending = List.copyOf(pending);
  }

  /** The dead letter's own headers: {@value #PENDING_HEADER}, when a webhook failed. */
  static Headers headers(ConsumerRecord<?, ?> record, Exception e) {
    var headers = new RecordHeaders();
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof WebhookFailed failed) {
        headers.add(
            PENDING_HEADER, String.join(",", failed.pending()).getBytes(StandardCharsets.UTF_8));
        break;
      }
    }
    return headers;
  }

  String alertId() {
    return alertId;
  }

  List<String> pending() {
    return pending;
  }
}
