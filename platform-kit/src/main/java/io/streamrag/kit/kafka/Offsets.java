package io.streamrag.kit.kafka;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Where a topic's partitions end now, asked with a short-lived client of the service's settings.
 */
final class Offsets {

  private Offsets() {}

  /**
   * @throws IllegalStateException naming the topic when it does not exist
   */
  static Map<TopicPartition, Long> ends(KafkaClients clients, String topic, Duration timeout) {
    try (var consumer =
        new KafkaConsumer<>(
            clients.consumer("offsets-" + topic),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      var partitions = consumer.partitionsFor(topic, timeout);
      if (partitions == null || partitions.isEmpty()) {
        throw new IllegalStateException(topic + " does not exist: create the catalogue's topics");
      }
      return consumer.endOffsets(
          partitions.stream().map(p -> new TopicPartition(topic, p.partition())).toList(), timeout);
    }
  }
}
