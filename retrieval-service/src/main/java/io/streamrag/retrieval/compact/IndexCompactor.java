package io.streamrag.retrieval.compact;

import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.ChunkStore.Compaction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.scheduling.TaskScheduler;

/**
 * Compacts the serving index once its global knowledge has been quiet for {@code quiet} ({@link
 * ChunkStore#compact}), checked every {@code checkEvery} on a thread Spring starts and stops. The
 * {@code compaction} health component shows the last compaction, and is DOWN while the last attempt
 * failed: a merge that fails (a full disk) leaves the index as it was, and searches slower.
 */
public final class IndexCompactor implements HealthIndicator, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(IndexCompactor.class);

  private final ChunkStore store;
  private final Duration quiet;
  private final Clock clock;

  private volatile Compaction last;
  private volatile Instant lastAt;
  private volatile String lastFailure;
  private volatile boolean closing;
  private ScheduledFuture<?> checks;

  public IndexCompactor(ChunkStore store, Duration quiet, Clock clock) {
    this.store = store;
    this.quiet = quiet;
    this.clock = clock;
  }

  /** Checks every {@code checkEvery} on {@code scheduler}. */
  public IndexCompactor start(TaskScheduler scheduler, Duration checkEvery) {
    checks = scheduler.scheduleWithFixedDelay(this::check, checkEvery);
    return this;
  }

  /** One check: compacts if the store is due. */
  public Optional<Compaction> check() {
    try {
      var done = store.compact(quiet);
      done.ifPresent(
          c -> {
            last = c;
            lastAt = clock.instant();
            log.info(
                "index compacted: {} searched segments to {} in {} s",
                c.partsBefore(),
                c.partsAfter(),
                c.took().toMillis() / 1000.0);
          });
      lastFailure = null;
      return done;
    } catch (RuntimeException e) {
      if (closing) {
        return Optional.empty(); // the store abandoned its merge to close
      }
      lastFailure = e.toString();
      log.warn("index compaction failed; the index stays as it was and is tried again", e);
      return Optional.empty();
    }
  }

  @Override
  public Health health() {
    var details = new LinkedHashMap<String, Object>();
    details.put("quietFor", quiet.toString());
    if (last != null) {
      details.put("lastSegmentsBefore", last.partsBefore());
      details.put("lastSegmentsAfter", last.partsAfter());
      details.put("lastSeconds", last.took().toMillis() / 1000.0);
      details.put("lastAt", lastAt.toString());
    }
    if (lastFailure != null) {
      details.put("failure", lastFailure);
      return Health.down().withDetails(details).build();
    }
    return Health.up().withDetails(details).build();
  }

  @Override
  public void close() {
    closing = true;
    if (checks != null) {
      checks.cancel(false);
    }
  }
}
