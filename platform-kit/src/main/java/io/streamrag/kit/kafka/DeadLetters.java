package io.streamrag.kit.kafka;

import io.streamrag.schemas.Topics;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Dead letters the one way the platform writes them: spring-kafka's {@link
 * DeadLetterPublishingRecoverer}, to the catalogue's dead-letter topic of the source topic, same
 * partition, the original key and bytes, and spring-kafka's standard {@code kafka_dlt-*} headers
 * (exception class, message, stack trace, original topic, partition, offset, timestamp). The Spring
 * Cloud Stream bindings' DLQs write the same headers.
 */
public final class DeadLetters {

  private DeadLetters() {}

  /**
   * @param records a template for records already decoded (e.g. a request listener's Avro values),
   *     or {@code null} when every failed record is raw bytes
   */
  public static DeadLetterPublishingRecoverer recoverer(
      KafkaClients clients, KafkaOperations<?, ?> records) {
    var config = clients.producer("dead-letters");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    var raw =
        new KafkaTemplate<>(
            new DefaultKafkaProducerFactory<String, byte[]>(
                config, new StringSerializer(), new ByteArraySerializer()));
    Map<Class<?>, KafkaOperations<? extends Object, ? extends Object>> templates =
        records == null
            ? Map.of(byte[].class, raw)
            : Map.of(byte[].class, raw, Object.class, records);
    return new DeadLetterPublishingRecoverer(
        templates,
        (record, e) ->
            new TopicPartition(
                Topics.deadLettersOf(record.topic())
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                record.topic() + " has no dead-letter topic in the catalogue"))
                    .name(),
                record.partition()));
  }
}
