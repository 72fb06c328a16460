package io.streamrag.retrieval.feed;

import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * How far an index feed has read: summed over partitions, from where it started to the topic's ends
 * at its start.
 *
 * @param applied changes read so far
 * @param target changes there were to read
 */
public record FeedProgress(long applied, long target) {

  /**
   * @param ends each partition's end when the feed started
   * @param from where the feed started in each partition
   * @param at where it is now
   */
  static FeedProgress of(
      Map<TopicPartition, Long> ends,
      Map<TopicPartition, Long> from,
      Map<TopicPartition, Long> at) {
    long applied = 0;
    long target = 0;
    for (var e : ends.entrySet()) {
      long start = from.getOrDefault(e.getKey(), 0L);
      long now = at.getOrDefault(e.getKey(), start);
      target += Math.max(0, e.getValue() - start);
      applied += Math.max(0, Math.min(now, e.getValue()) - start);
    }
    return new FeedProgress(applied, target);
  }

  /** 0 to 1; 1 when there was nothing to read. */
  public double fraction() {
    return target == 0 ? 1 : Math.min(1.0, (double) applied / target);
  }
}
