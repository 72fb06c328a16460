package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroSerializer;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Gives every service an {@link Outbox} with a producer of its own: string keys, Avro values from
 * the catalogue, acknowledged by all in-sync replicas, idempotent (a retry never duplicates or
 * reorders), sent at once.
 */
@AutoConfiguration
public class KafkaKitConfiguration {

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
}
