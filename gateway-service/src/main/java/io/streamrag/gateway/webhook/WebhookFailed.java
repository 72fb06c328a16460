package io.streamrag.gateway.webhook;

import java.util.List;

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

  String alertId() {
    return alertId;
  }

  List<String> pending() {
    return pending;
  }
}
