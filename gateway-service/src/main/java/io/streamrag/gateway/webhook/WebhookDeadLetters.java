package io.streamrag.gateway.webhook;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.schemas.Topics;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Where an alert goes after its last failed delivery: the catalogue's dead-letter topic of {@code
 * sensor.alerts} ({@code dlq.gateway.webhooks}), same key, same partition, its original bytes, with
 * spring-kafka's standard {@code kafka_dlt-*} exception headers and {@value
 * WebhookFailed#PENDING_HEADER} naming the keys still owed it, counted as every dead letter is
 * ({@link DeadLetters#METER}). Nothing is lost.
 */
final class WebhookDeadLetters implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(WebhookDeadLetters.class);

  private final DefaultKafkaProducerFactory<String, byte[]> producers;
  private final DeadLetterPublishingRecoverer recoverer;
  private final String group;
  private final MeterRegistry meters;

  /**
   * @param group the webhook consumer group, named in each dead letter's {@code
   *     kafka_dlt-original-consumer-group} (filed off the consumer threads, where spring-kafka does
   *     not know it)
   */
  WebhookDeadLetters(Map<String, Object> producerConfig, String group, MeterRegistry meters) {
    var config = new HashMap<>(producerConfig);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.CLIENT_ID_CONFIG, "gateway-webhook-dead-letters");
    this.producers =
        new DefaultKafkaProducerFactory<>(
            config, new StringSerializer(), new ByteArraySerializer());
    this.recoverer =
        new DeadLetterPublishingRecoverer(
            new KafkaTemplate<>(producers),
            (record, e) ->
                new TopicPartition(
                    Topics.deadLettersOf(record.topic()).orElseThrow().name(), record.partition()));
    // the group is named here: filed off the consumer threads, the recoverer does not know it
    recoverer.excludeHeader(DeadLetterPublishingRecoverer.HeaderNames.HeadersToAdd.GROUP);
    recoverer.setHeadersFunction(
        (record, e) -> {
          var headers = new RecordHeaders();
          headers.add(
              KafkaHeaders.DLT_ORIGINAL_CONSUMER_GROUP, group.getBytes(StandardCharsets.UTF_8));
          failure(e)
              .ifPresent(
                  f ->
                      headers.add(
                          WebhookFailed.PENDING_HEADER,
                          String.join(",", f.pending()).getBytes(StandardCharsets.UTF_8)));
          return headers;
        });
    this.group = group;
    this.meters = meters;
  }

  /**
   * Files the record; a {@link org.springframework.kafka.listener.ConsumerRecordRecoverer} (not
   * implemented as such: Spring Cloud Stream would take a {@code BiConsumer} bean for a binding).
   */
  void accept(ConsumerRecord<?, ?> record, Exception e) {
    recoverer.accept(record, e); // throws if the dead letter is not written
    DeadLetters.count(meters, record, e);
    log.warn(
        "alert of sensor {} ({}-{}@{}) dead-lettered: {}",
        record.key(),
        record.topic(),
        record.partition(),
        record.offset(),
        e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
  }

  @Override
  public void destroy() {
    producers.destroy();
  }

  private static Optional<WebhookFailed> failure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof WebhookFailed failed) {
        return Optional.of(failed);
      }
    }
    return Optional.empty();
  }
}
