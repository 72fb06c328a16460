package io.streamrag.kit.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Where a topic's partitions end, or where they were at a time, asked now with a short-lived client
 * of the service's settings.
 */
final class Offsets {

  private Offsets() {}

  /**
   * @throws IllegalStateException naming the topic when it does not exist
   */
  static Map<TopicPartition, Long> ends(KafkaClients clients, String topic, Duration timeout) {
    try (var consumer = consumer(clients, topic)) {
      return consumer.endOffsets(partitions(consumer, topic, timeout), timeout);
    }
  }

  /**
   * Each partition's first offset written at or after {@code from}, and never past its end as of
   * this call.
   *
   * @throws IllegalStateException naming the topic when it does not exist
   */
  static Map<TopicPartition, Long> since(
      KafkaClients clients, String topic, Instant from, Duration timeout) {
    try (var consumer = consumer(clients, topic)) {
      var partitions = partitions(consumer, topic, timeout);
      // The ends first: a record written after them is at or past them, so the min below reads
      // it even when its time is before `from` (another host's clock)
      var ends = consumer.endOffsets(partitions, timeout);
      var times =
          partitions.stream()
              .collect(Collectors.toMap(Function.identity(), p -> from.toEpochMilli()));
      var out = new HashMap<>(ends);
      consumer
          .offsetsForTimes(times, timeout)
          .forEach(
              (partition, at) -> {
                if (at != null) {
                  out.put(partition, Math.min(at.offset(), ends.get(partition)));
                }
              });
      return out;
    }
  }

  private static KafkaConsumer<byte[], byte[]> consumer(KafkaClients clients, String topic) {
    return new KafkaConsumer<>(
        clients.consumer("offsets-" + topic),
        new ByteArrayDeserializer(),
        new ByteArrayDeserializer());
  }

  private static List<TopicPartition> partitions(
      KafkaConsumer<?, ?> consumer, String topic, Duration timeout) {
    var partitions = consumer.partitionsFor(topic, timeout);
    if (partitions == null || partitions.isEmpty()) {
      throw new IllegalStateException(topic + " does not exist: create the catalogue's topics");
    }
    return partitions.stream().map(p -> new TopicPartition(topic, p.partition())).toList();
  }
}
