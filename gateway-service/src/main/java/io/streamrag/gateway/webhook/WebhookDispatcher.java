package io.streamrag.gateway.webhook;

import io.streamrag.gateway.alert.AlertJson;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.AcknowledgingMessageListener;
import org.springframework.kafka.support.Acknowledgment;
import tools.jackson.databind.json.JsonMapper;

/**
 * The listener of {@code sensor.alerts} in the webhook group: hands each alert to the queue of the
 * webhook of every key that owns its sensor ({@link EndpointQueue}), and returns at once, so the
 * consumer threads never wait for a receiver. The alert's offset is committed once every queue has
 * delivered or dead-lettered it ({@link InOrderAcks}): delivery is at least once.
 */
final class WebhookDispatcher implements AcknowledgingMessageListener<String, byte[]> {

  private final WebhookTargets targets;
  private final Map<String, EndpointQueue> queues;
  private final WebhookDeadLetters deadLetters;
  private final InOrderAcks acks;
  private final JsonMapper json;
  private final AvroDeserializer avro = new AvroDeserializer();

  WebhookDispatcher(
      WebhookTargets targets,
      Map<String, EndpointQueue> queues,
      WebhookDeadLetters deadLetters,
      InOrderAcks acks,
      JsonMapper json) {
    this.targets = targets;
    this.queues = queues;
    this.deadLetters = deadLetters;
    this.acks = acks;
    this.json = json;
  }

  @Override
  public void onMessage(ConsumerRecord<String, byte[]> record, Acknowledgment ack) {
    var partition = new TopicPartition(record.topic(), record.partition());
    acks.read(partition, record.offset(), ack);
    // 1. read the alert; one that cannot be read is dead-lettered at once, never retried
    RecommendationIssued alert;
    byte[] body;
    try {
      alert = decode(record);
      // 2. its JSON: the same bytes, signed, for every key
      body = AlertJson.of(alert, json).getBytes(StandardCharsets.UTF_8);
    } catch (AlertJson.Unreadable e) {
      deadLetters.accept(record, e); // on this thread: the container's group is known here
      acks.done(partition, record.offset());
      return;
    }
    // 3. into the queue of each key that owns its sensor and has a webhook
    var deliveries =
        targets.of(alert.getSensorUuid()).stream()
            .map(t -> queues.get(t.user()).offer(record, alert.getAlertId(), body))
            .toArray(CompletableFuture[]::new);
    // 4. committed once every one of them is delivered or filed
    CompletableFuture.allOf(deliveries).thenRun(() -> acks.done(partition, record.offset()));
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
