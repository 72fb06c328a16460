package io.streamrag.gateway.webhook;

import io.streamrag.gateway.alert.AlertJson;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.MessageListener;
import tools.jackson.databind.json.JsonMapper;

/**
 * The listener of {@code sensor.alerts} in the webhook group: POSTs each alert to the webhook of
 * every key that owns its sensor. A failed delivery is thrown for the container's error handler to
 * retry with back-off; a retry sends only to the keys that have not got the alert yet.
 */
final class WebhookDispatcher implements MessageListener<String, byte[]> {

  private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

  private final WebhookTargets targets;
  private final WebhookPoster poster;
  private final DeliveredKeys delivered;
  private final JsonMapper json;
  private final AvroDeserializer avro = new AvroDeserializer();

  WebhookDispatcher(
      WebhookTargets targets, WebhookPoster poster, DeliveredKeys delivered, JsonMapper json) {
    this.targets = targets;
    this.poster = poster;
    this.delivered = delivered;
    this.json = json;
  }

  @Override
  public void onMessage(ConsumerRecord<String, byte[]> record) {
    // 1. read the alert; one that cannot be read is not retried but dead-lettered at once
    var alert = decode(record);
    // 2. the keys that own its sensor and have a webhook
    var owners = targets.of(alert.getSensorUuid());
    if (owners.isEmpty()) {
      return;
    }
    // 3. its JSON: the same bytes, signed, for every key
    byte[] body = AlertJson.of(alert, json).getBytes(StandardCharsets.UTF_8);
    // 4. POST to each key that has not got it yet, remembering who did
    var pending = new ArrayList<String>();
    Exception last = null;
    for (var target : owners) {
      if (delivered.got(alert.getAlertId(), target.user())) {
        continue;
      }
      try {
        poster.post(target, alert.getAlertId(), body);
        delivered.delivered(alert.getAlertId(), target.user());
      } catch (WebhookPoster.DeliveryFailed e) {
        log.warn("alert {}: {}", alert.getAlertId(), e.getMessage());
        pending.add(target.user());
        last = e;
      }
    }
    // 5. every key got it: done; else fail, and the error handler retries or dead-letters it
    if (pending.isEmpty()) {
      delivered.forget(alert.getAlertId());
      return;
    }
    throw new WebhookFailed(alert.getAlertId(), pending, last);
  }

  private RecommendationIssued decode(ConsumerRecord<String, byte[]> record) {
    Object value;
    try {
      value = avro.deserialize(record.topic(), record.value());
    } catch (RuntimeException e) {
      throw new AlertJson.Unreadable("not an alert: " + e.getMessage());
    }
    if (value instanceof RecommendationIssued alert) {
      return alert;
    }
    throw new AlertJson.Unreadable(
        "not an alert: " + (value == null ? "a tombstone" : value.getClass().getSimpleName()));
  }
}
