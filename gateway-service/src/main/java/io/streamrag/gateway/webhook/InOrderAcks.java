package io.streamrag.gateway.webhook;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.Acknowledgment;

/**
 * Commits an alert's offset only once it and every alert before it in its partition are done
 * (delivered to every webhook, or dead-lettered), though deliveries finish in any order: what the
 * gateway had not finished when it stopped is read again on the next start (at least once). A
 * partition given up in a rebalance is forgotten: its next owner reads from the last commit.
 */
final class InOrderAcks {

  private record Pending(Acknowledgment ack, boolean[] done) {}

  private final Map<TopicPartition, TreeMap<Long, Pending>> byPartition = new HashMap<>();

  /** An alert read; {@link #done} it once every delivery of it has ended. */
  synchronized void read(TopicPartition partition, long offset, Acknowledgment ack) {
    byPartition
        .computeIfAbsent(partition, p -> new TreeMap<>())
        .put(offset, new Pending(ack, new boolean[] {false}));
  }

  /** Acknowledges the longest run of done alerts at the partition's head, by its last one. */
  synchronized void done(TopicPartition partition, long offset) {
    var pending = byPartition.get(partition);
    if (pending == null || !pending.containsKey(offset)) {
      return; // the partition was given up meanwhile
    }
    pending.get(offset).done()[0] = true;
    Acknowledgment last = null;
    while (!pending.isEmpty() && pending.firstEntry().getValue().done()[0]) {
      last = pending.pollFirstEntry().getValue().ack();
    }
    if (last != null) {
      last.acknowledge();
    }
  }

  /** Partitions given up: their pending alerts are their next owner's. */
  synchronized void forget(Iterable<TopicPartition> partitions) {
    partitions.forEach(byPartition::remove);
  }

  /** Alerts read and not yet done, all partitions together. */
  synchronized int pending() {
    return byPartition.values().stream().mapToInt(Map::size).sum();
  }
}
