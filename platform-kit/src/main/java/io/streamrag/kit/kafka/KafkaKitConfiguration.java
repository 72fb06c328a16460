package io.streamrag.kit.kafka;

import io.streamrag.schemas.Topics;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.FixedBackOff;

/**
 * Gives every service an {@link Outbox} with a producer of its own: string keys, Avro values from
 * the catalogue, acknowledged by all in-sync replicas, idempotent (a retry never duplicates or
 * reorders), sent at once. And the listener factory that serves the request side of {@link
 * RequestReply}.
 */
@AutoConfiguration
public class KafkaKitConfiguration {

  /** The name of the listener container factory for request/reply servers. */
  public static final String REQUEST_LISTENER_FACTORY = "requestListenerFactory";

  @Bean(destroyMethod = "close")
  Outbox outbox(@Value("${spring.kafka.bootstrap-servers}") String brokers) {
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                brokers,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.LINGER_MS_CONFIG,
                0,
                ProducerConfig.CLIENT_ID_CONFIG,
                "outbox"),
            new StringSerializer(),
            (topic, value) ->
                new AvroSerializer()
                    .serialize(topic, (org.apache.avro.specific.SpecificRecord) value));
    // Not a bean: Boot keeps its own producer factory for anything else that wants one.
    return new Outbox(new KafkaTemplate<>(producers));
  }

  /**
   * Listener containers for {@code @KafkaListener} methods that answer requests with
   * {@code @SendTo}: Avro requests in, Avro replies out on the topic the request names, with its
   * correlation id. A request that cannot be decoded, or whose handler throws, is not retried (its
   * caller has a deadline) and goes to the source topic's dead-letter topic with spring-kafka's
   * standard exception headers; the caller's call times out.
   */
  @Bean(REQUEST_LISTENER_FACTORY)
  ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> requestListenerFactory(
      @Value("${spring.kafka.bootstrap-servers}") String brokers) {
    var factory = new ConcurrentKafkaListenerContainerFactory<String, SpecificRecord>();
    factory.setConsumerFactory(
        new DefaultKafkaConsumerFactory<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                brokers,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                100),
            new StringDeserializer(),
            new ErrorHandlingDeserializer<>(new AvroDeserializer())));
    var replies =
        new KafkaTemplate<>(
            new DefaultKafkaProducerFactory<String, SpecificRecord>(
                Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    brokers,
                    ProducerConfig.LINGER_MS_CONFIG,
                    0,
                    ProducerConfig.CLIENT_ID_CONFIG,
                    "replies"),
                new StringSerializer(),
                new AvroSerializer()));
    factory.setReplyTemplate(replies);
    var deadLetters =
        new KafkaTemplate<>(
            new DefaultKafkaProducerFactory<String, byte[]>(
                Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    brokers,
                    ProducerConfig.CLIENT_ID_CONFIG,
                    "dead-letters"),
                new StringSerializer(),
                new ByteArraySerializer()));
    var recoverer =
        new DeadLetterPublishingRecoverer(
            Map.<Class<?>, KafkaOperations<? extends Object, ? extends Object>>of(
                byte[].class, deadLetters, Object.class, replies),
            (record, e) ->
                new TopicPartition(
                    Topics.deadLettersOf(record.topic())
                        .orElseThrow(
                            () ->
                                new IllegalStateException(
                                    record.topic() + " has no dead-letter topic in the catalogue"))
                        .name(),
                    record.partition()));
    factory.setCommonErrorHandler(new DefaultErrorHandler(recoverer, new FixedBackOff(0, 0)));
    return factory;
  }
}
