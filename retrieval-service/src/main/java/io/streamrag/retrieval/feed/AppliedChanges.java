package io.streamrag.retrieval.feed;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a poll's changes tell once they are searchable: how long each fact took from entering the
 * system (the {@code retrieval.index.freshness} timer and the freshness log), the newest such time,
 * and which knowledge bases' global knowledge changed (for their calibration).
 */
final class AppliedChanges {

  private final Timer freshness;
  private final FreshnessLog freshnessLog;
  private final KnowledgeChanges knowledgeChanges;
  private volatile Instant lastSourceTime = Instant.EPOCH;

  AppliedChanges(
      MeterRegistry meters, FreshnessLog freshnessLog, KnowledgeChanges knowledgeChanges) {
    this.freshnessLog = freshnessLog;
    this.knowledgeChanges = knowledgeChanges;
    this.freshness =
        Timer.builder("retrieval.index.freshness")
            .description("From a fact entering the system to its chunk being searchable")
            .publishPercentiles(0.5, 0.95, 0.99)
            .publishPercentileHistogram()
            .register(meters);
  }

  /** The changes of one poll became searchable at {@code searchable}. */
  void searchable(List<IndexChanges.Change> changes, Instant searchable) {
    for (var change : changes) {
      change.sourceTime().ifPresent(t -> freshness.record(Duration.between(t, searchable)));
      change.freshness(searchable).ifPresent(freshnessLog::add);
      change.sourceTime().ifPresent(t -> lastSourceTime = t);
      change.knowledge().ifPresent(knowledgeChanges::changed);
    }
  }

  /** When the newest applied change's fact entered the system. */
  Instant lastSourceTime() {
    return lastSourceTime;
  }
}
