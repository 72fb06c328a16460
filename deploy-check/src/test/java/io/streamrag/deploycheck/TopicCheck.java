package io.streamrag.deploycheck;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The KafkaTopics are the catalogue: one each, same partitions and configuration, no other. */
final class TopicCheck {

  private TopicCheck() {}

  static List<String> problems(Rendered r) {
    var problems = new ArrayList<String>();
    var topics = new HashMap<String, KafkaTopic>();
    for (var topic : r.all(KafkaTopic.class)) {
      if (topics.put(name(topic), topic) != null) {
        problems.add("two KafkaTopics for " + name(topic));
      }
    }
    for (TopicSpec spec : Topics.all()) {
      var topic = topics.remove(spec.name());
      if (topic == null) {
        problems.add("no KafkaTopic for catalogue topic " + spec.name());
        continue;
      }
      if (topic.getSpec().getPartitions() == null
          || topic.getSpec().getPartitions() != spec.partitions()) {
        problems.add(
            spec.name()
                + " has "
                + topic.getSpec().getPartitions()
                + " partitions, the catalogue "
                + spec.partitions());
      }
      var config = new TreeMap<String, String>();
      var declared = topic.getSpec().getConfig();
      (declared == null ? Map.<String, Object>of() : declared)
          .forEach((k, v) -> config.put(k, String.valueOf(v)));
      if (!config.equals(new TreeMap<>(spec.topicConfig()))) {
        problems.add(
            spec.name() + " has config " + config + ", the catalogue " + spec.topicConfig());
      }
    }
    topics
        .keySet()
        .forEach(extra -> problems.add("KafkaTopic " + extra + " is not in the catalogue"));
    problems.addAll(replication(r));
    return problems;
  }

  /** Each topic's replicas fit the brokers, and leave a write possible with one broker down. */
  private static List<String> replication(Rendered r) {
    var problems = new ArrayList<String>();
    int brokers =
        r.all(KafkaNodePool.class).stream()
            .filter(p -> p.getSpec().getRoles().contains(ProcessRoles.BROKER))
            .mapToInt(p -> p.getSpec().getReplicas())
            .sum();
    Object minIsr = r.kafka().getSpec().getKafka().getConfig().get("min.insync.replicas");
    int minInSync = minIsr == null ? 1 : Integer.parseInt(String.valueOf(minIsr));
    for (var topic : r.all(KafkaTopic.class)) {
      Integer replicas = topic.getSpec().getReplicas();
      if (replicas == null || replicas > brokers) {
        problems.add(name(topic) + " has " + replicas + " replicas on " + brokers + " brokers");
      } else if (replicas > 1 && minInSync >= replicas) {
        problems.add(name(topic) + ": min.insync.replicas " + minInSync + " of " + replicas);
      }
    }
    return problems;
  }

  static String name(KafkaTopic topic) {
    var spec = topic.getSpec();
    return spec != null && spec.getTopicName() != null
        ? spec.getTopicName()
        : topic.getMetadata().getName();
  }
}
