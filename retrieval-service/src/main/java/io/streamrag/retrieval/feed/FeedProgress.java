package io.streamrag.retrieval.feed;

/**
 * How far an index feed has read: summed over partitions, from where it started to the topic's ends
 * at its start.
 *
 * @param applied changes read so far
 * @param target changes there were to read
 */
public record FeedProgress(long applied, long target) {

  /** 0 to 1; 1 when there was nothing to read. */
  public double fraction() {
    return target == 0 ? 1 : Math.min(1.0, (double) applied / target);
  }
}
