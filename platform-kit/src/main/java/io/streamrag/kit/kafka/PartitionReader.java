package io.streamrag.kit.kafka;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A consumer that reads every partition of one topic by manual assignment: no group, no rebalance,
 * no committed offsets. For state that each replica must see whole (views, the index, the answer
 * relay); the caller decides where reading starts.
 */
public final class PartitionReader {

  private PartitionReader() {}

  /** A consumer assigned to every partition of {@code topic}, positioned nowhere yet. */
  public static KafkaConsumer<String, byte[]> assignAll(
      String bootstrapServers, String topic, String clientId, int maxWaitMs) {
    var consumer =
        new KafkaConsumer<>(
            Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, maxWaitMs,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1000,
                ConsumerConfig.CLIENT_ID_CONFIG, clientId),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    consumer.assign(partitions(consumer, topic));
    return consumer;
  }

  /** Every partition of the topic. */
  public static List<TopicPartition> partitions(KafkaConsumer<?, ?> consumer, String topic) {
    return consumer.partitionsFor(topic).stream()
        .map(p -> new TopicPartition(topic, p.partition()))
        .toList();
  }
}
