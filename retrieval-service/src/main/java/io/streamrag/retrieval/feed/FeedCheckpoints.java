package io.streamrag.retrieval.feed;

import io.streamrag.retrieval.store.ChunkStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.task.TaskExecutor;

/**
 * Commits the index feed's applied offsets into its store now and then. Offsets are taken after
 * their changes were applied, so a replay from them repeats, never skips. A commit can take
 * hundreds of milliseconds: it runs on its own executor, never on the thread that makes changes
 * searchable, and one at a time.
 */
final class FeedCheckpoints {

  private static final Logger log = LoggerFactory.getLogger(FeedCheckpoints.class);

  private final ChunkStore store;
  private final Duration every;
  private final TaskExecutor executor;
  private final AtomicBoolean running = new AtomicBoolean();
  private volatile long last = System.nanoTime();

  FeedCheckpoints(ChunkStore store, Duration every, TaskExecutor executor) {
    this.store = store;
    this.every = every;
    this.executor = executor;
  }

  /** After a poll: checkpoints these offsets on the executor if one is due and none runs. */
  void ifDue(Map<TopicPartition, Long> positions) {
    if (System.nanoTime() - last > every.toNanos() && running.compareAndSet(false, true)) {
      var offsets = Map.copyOf(positions);
      last = System.nanoTime();
      executor.execute(() -> now(offsets));
    }
  }

  /** Checkpoints these offsets on the calling thread (at close); a failure is logged. */
  void now(Map<TopicPartition, Long> offsets) {
    try {
      if (!offsets.isEmpty()) {
        var byPartition = new HashMap<Integer, Long>();
        offsets.forEach((tp, next) -> byPartition.put(tp.partition(), next));
        store.checkpoint(byPartition);
      }
    } catch (RuntimeException e) {
      log.warn("index checkpoint failed; the next one will retry: {}", e.getMessage());
    } finally {
      running.set(false);
    }
  }
}
