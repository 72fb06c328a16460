package io.streamrag.kafkalocal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer group as the broker sees it, in one line per partition of a topic: which member holds
 * it, what the group committed, where the partition ends. For a test's failure message, when a
 * record was never handled: was the partition held by nobody, by a member that stalled, or was it
 * handled and committed without its output?
 */
public final class GroupReport {

  private GroupReport() {}

  /** The report, or why it could not be had; never throws. */
  public static String of(String bootstrapServers, String group, String topic) {
    try (var admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      var description =
          admin.describeConsumerGroups(java.util.List.of(group)).all().get(10, TimeUnit.SECONDS);
      var holders = new TreeMap<Integer, String>();
      description
          .get(group)
          .members()
          .forEach(
              m ->
                  m.assignment().topicPartitions().stream()
                      .filter(p -> p.topic().equals(topic))
                      .forEach(p -> holders.put(p.partition(), m.clientId() + "@" + m.host())));
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(10, TimeUnit.SECONDS);
      var partitions =
          admin
              .describeTopics(java.util.List.of(topic))
              .allTopicNames()
              .get(10, TimeUnit.SECONDS)
              .get(topic)
              .partitions();
      var ends = new java.util.HashMap<TopicPartition, OffsetSpec>();
      partitions.forEach(
          p -> ends.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
      var end = admin.listOffsets(ends).all().get(10, TimeUnit.SECONDS);
      var report =
          new StringBuilder(
              group + " (" + description.get(group).groupState() + ") on " + topic + ":");
      for (var p : partitions) {
        var tp = new TopicPartition(topic, p.partition());
        var done = committed.get(tp);
        report
            .append("\n  ")
            .append(p.partition())
            .append(": held by ")
            .append(holders.getOrDefault(p.partition(), "nobody"))
            .append(", committed ")
            .append(done == null ? "-" : done.offset())
            .append(", end ")
            .append(end.get(tp).offset());
      }
      return report.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "no report of " + group + ": interrupted";
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      return "no report of " + group + ": " + e;
    }
  }
}
