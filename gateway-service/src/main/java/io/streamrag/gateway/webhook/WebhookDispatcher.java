package io.streamrag.gateway.webhook;

import io.streamrag.gateway.alert.AlertJson;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import tools.jackson.databind.json.JsonMapper;

/**
 * The handler of the webhook binding ({@code sensor.alerts}, one group for every replica): hands
 * each alert to the queue of the webhook of every key that owns its sensor ({@link EndpointQueue}),
 * and returns at once, so the consumer threads never wait for a receiver. The alert's offset is
 * committed once every queue has delivered or dead-lettered it ({@link InOrderAcks}): delivery is
 * at least once. An alert that cannot be read is filed here, not thrown to the binding's error
 * handler, which would commit its offset ahead of the alerts still being delivered before it.
 */
final class WebhookDispatcher implements Consumer<Message<byte[]>> {

  private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

  private final WebhookTargets targets;
  private final Map<String, EndpointQueue> queues;
  private final ConsumerRecordRecoverer deadLetters;
  private final InOrderAcks acks;
  private final JsonMapper json;
  private final AvroDeserializer avro = new AvroDeserializer();

  WebhookDispatcher(
      WebhookTargets targets,
      Map<String, EndpointQueue> queues,
      ConsumerRecordRecoverer deadLetters,
      InOrderAcks acks,
      JsonMapper json) {
    this.targets = targets;
    this.queues = queues;
    this.deadLetters = deadLetters;
    this.acks = acks;
    this.json = json;
  }

  @Override
  public void accept(Message<byte[]> message) {
    var record = DeadLetters.consumed(message);
    var ack =
        Objects.requireNonNull(
            message.getHeaders().get(KafkaHeaders.ACKNOWLEDGMENT, Acknowledgment.class),
            "the webhook binding acknowledges by hand (ack-mode: MANUAL)");
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
      deadLetters.accept(record, e);
      log.warn(
          "{}-{}@{} is not an alert, dead-lettered: {}",
          record.topic(),
          record.partition(),
          record.offset(),
          e.getMessage());
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
