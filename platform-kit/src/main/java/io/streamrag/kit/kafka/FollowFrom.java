package io.streamrag.kit.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * Where a {@link TopicFollow} starts on each partition of its topic, and whether it stops at the
 * topic's end as of its start. Every position but the beginning is resolved to absolute offsets
 * when the follow starts (spring-kafka's {@link TopicPartitionOffset}), so whatever is written
 * after the start is read however late the consumer first polls. A position by time alone is not
 * that: spring-kafka moves a partition with nothing written since the time to its end as of the
 * consumer's first poll, and what came in between is skipped ({@code KeyReplayTest}).
 */
public final class FollowFrom {

  private enum Kind {
    BEGINNING,
    END,
    SINCE,
    OFFSETS
  }

  private final Kind kind;
  private final Instant since;
  private final Map<Integer, Long> offsets;
  private final boolean bounded;

  private FollowFrom(Kind kind, Instant since, Map<Integer, Long> offsets, boolean bounded) {
    this.kind = kind;
    this.since = since;
    this.offsets = offsets;
    this.bounded = bounded;
  }

  /** Every partition from its first record: a view of a compacted topic. */
  public static FollowFrom beginning() {
    return new FollowFrom(Kind.BEGINNING, null, Map.of(), false);
  }

  /** Every partition from its end as of the start: what is written from now on (relays). */
  public static FollowFrom end() {
    return new FollowFrom(Kind.END, null, Map.of(), false);
  }

  /**
   * Every partition from its first record written at or after {@code from}, and at the latest from
   * its end as of the start (a record written after the start is read even when its time is before
   * {@code from}: another host's clock).
   */
  public static FollowFrom since(Instant from) {
    return new FollowFrom(Kind.SINCE, from, Map.of(), false);
  }

  /**
   * Each partition from the offset its owner supplies (e.g. a checkpoint kept in a store), from its
   * beginning when none is given.
   *
   * @param offsets the next offset to read, by partition
   */
  public static FollowFrom offsets(Map<Integer, Long> offsets) {
    return new FollowFrom(Kind.OFFSETS, null, Map.copyOf(offsets), false);
  }

  /**
   * The same start, read only to the topic's end as of the start: records written after it are not
   * handed over, and the follow is caught up (then closed by its owner) once there.
   */
  public FollowFrom toTheEnd() {
    return new FollowFrom(kind, since, offsets, true);
  }

  /** True when the follow stops at the topic's end as of its start. */
  boolean bounded() {
    return bounded;
  }

  /** Each partition's start, given where the partitions end now. */
  TopicPartitionOffset[] resolve(
      KafkaClients clients, String topic, Map<TopicPartition, Long> ends) {
    Map<TopicPartition, Long> times =
        kind == Kind.SINCE ? Offsets.since(clients, topic, since, Duration.ofSeconds(30)) : ends;
    return ends.keySet().stream()
        .sorted(java.util.Comparator.comparingInt(TopicPartition::partition))
        .map(tp -> at(topic, tp, times))
        .toArray(TopicPartitionOffset[]::new);
  }

  private TopicPartitionOffset at(String topic, TopicPartition tp, Map<TopicPartition, Long> at) {
    return switch (kind) {
      case END, SINCE -> new TopicPartitionOffset(topic, tp.partition(), at.get(tp));
      case OFFSETS ->
          offsets.containsKey(tp.partition())
              ? new TopicPartitionOffset(topic, tp.partition(), offsets.get(tp.partition()))
              : beginningOf(topic, tp);
      case BEGINNING -> beginningOf(topic, tp);
    };
  }

  private static TopicPartitionOffset beginningOf(String topic, TopicPartition tp) {
    return new TopicPartitionOffset(
        topic, tp.partition(), TopicPartitionOffset.SeekPosition.BEGINNING);
  }

  @Override
  public String toString() {
    String start =
        switch (kind) {
          case BEGINNING -> "the beginning";
          case END -> "the end";
          case SINCE -> since.toString();
          case OFFSETS -> "offsets " + offsets;
        };
    return bounded ? start + " to the end" : start;
  }
}
