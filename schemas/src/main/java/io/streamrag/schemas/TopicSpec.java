package io.streamrag.schemas;

import java.util.List;
import java.util.Map;

/**
 * One Kafka topic of the platform: its name, what its records are keyed by, the one service that
 * writes it, who reads it, and how the broker keeps it.
 *
 * @param name topic name
 * @param valueType the Avro record class of its values, or {@code null} for raw bytes (dead
 *     letters)
 * @param key what the record key holds
 * @param writer the one service that produces to it
 * @param readers the services (or people) that consume it
 * @param cleanup {@code delete} for event streams, {@code compact} for latest-state topics
 * @param partitions partition count
 * @param config further topic configuration
 */
public record TopicSpec(
    String name,
    Class<?> valueType,
    String key,
    String writer,
    List<String> readers,
    Cleanup cleanup,
    int partitions,
    Map<String, String> config) {

  /** How the broker keeps a topic's records. */
  public enum Cleanup {
    DELETE,
    COMPACT;

    /** The value of Kafka's {@code cleanup.policy}. */
    public String policy() {
      return name().toLowerCase();
    }
  }

  /** The topic configuration to create it with, cleanup policy included. */
  public Map<String, String> topicConfig() {
    var all = new java.util.TreeMap<>(config);
    all.put("cleanup.policy", cleanup.policy());
    return all;
  }
}
