package io.streamrag.retrieval.calibrate;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.feed.KnowledgeChanges;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.Scopes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.scheduling.TaskScheduler;

/**
 * Calibrates a KB's fusion weights when its global knowledge has changed and then stayed unchanged
 * for {@code settle}, at most once per {@code min-interval}; a KB the index holds no calibration
 * for is calibrated at the first pass. Each pass runs on Spring's scheduler, every {@code
 * check-every}; a failed pass is logged, shown by health ({@code calibration} down) and retried at
 * the next one.
 */
public final class KbCalibrator implements HealthIndicator, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KbCalibrator.class);

  private final ChunkStore store;
  private final Embedder embedder;
  private final KnowledgeChanges changes;
  private final Calibrations calibrations;
  private final CalibrationProperties properties;
  private final RetrievalProperties.Search search;
  private final Supplier<Collection<String>> knownKbs;
  private final Clock clock;
  private volatile boolean firstPass = true;
  private volatile Instant lastPass;
  private volatile String lastFailure;
  private ScheduledFuture<?> passes;

  /**
   * @param knownKbs the KBs calibrated at the first pass if the index holds no calibration of
   *     theirs
   */
  public KbCalibrator(
      ChunkStore store,
      Embedder embedder,
      KnowledgeChanges changes,
      Calibrations calibrations,
      CalibrationProperties properties,
      RetrievalProperties.Search search,
      Supplier<Collection<String>> knownKbs,
      Clock clock) {
    this.store = store;
    this.embedder = embedder;
    this.changes = changes;
    this.calibrations = calibrations;
    this.properties = properties;
    this.search = search;
    this.knownKbs = knownKbs;
    this.clock = clock;
  }

  /** Runs a pass every {@code check-every} on {@code scheduler}. */
  public KbCalibrator start(TaskScheduler scheduler) {
    passes = scheduler.scheduleWithFixedDelay(this::pass, properties.checkEvery());
    return this;
  }

  /**
   * One pass: calibrates every KB that is due.
   *
   * @return the KBs calibrated
   */
  public List<String> pass() {
    try {
      var calibrated = new java.util.ArrayList<String>();
      Instant now = clock.instant();
      if (firstPass) {
        for (String kb : knownKbs.get()) {
          if (calibrations.calibration(kb).isEmpty()) {
            changes.changed(kb);
          }
        }
        firstPass = false;
      }
      var pending = new HashMap<>(changes.pending());
      Instant somewhere = pending.remove(KnowledgeChanges.SOMEWHERE);
      if (somewhere != null && settled(somewhere, now)) {
        // a deletion: any calibrated KB may have lost chunks
        for (var c : calibrations.all()) {
          pending.merge(c.kb(), somewhere, (a, b) -> a.isAfter(b) ? a : b);
        }
      }
      for (var e : pending.entrySet()) {
        String kb = e.getKey();
        if (!settled(e.getValue(), now) || tooSoon(kb, now)) {
          continue;
        }
        calibrations.put(calibrate(kb));
        changes.take(kb, e.getValue());
        calibrated.add(kb);
      }
      if (somewhere != null && settled(somewhere, now)) {
        changes.take(KnowledgeChanges.SOMEWHERE, somewhere);
      }
      calibrations.keepWithTheIndex();
      lastPass = now;
      lastFailure = null;
      return calibrated;
    } catch (RuntimeException e) {
      lastFailure = e.toString();
      log.warn("fusion calibration failed; retried in {}", properties.checkEvery(), e);
      return List.of();
    }
  }

  /** Calibrates one KB now, from a sample of its global chunks. */
  public Calibration calibrate(String kb) {
    long t0 = System.nanoTime();
    List<StoredChunk> chunks = store.knowledgeOf(kb, properties.sample());
    var calibration =
        new FusionCalibration(
            embedder, search.rrfK(), configuredDense(chunks), clock, search.fusion());
    Calibration c;
    if (chunks.size() < properties.minChunks()) {
      c =
          calibration.configured(
              kb,
              chunks.size(),
              "fewer than " + properties.minChunks() + " chunks: the configured weights");
    } else {
      var filter = new TenantFilter(Set.of(Scopes.GLOBAL_SENSOR), Set.of(kb));
      c = calibration.calibrate(kb, chunks, properties.queries(), store, filter);
    }
    log.info(
        "calibrated KB {} in {} ms: lexical {} dense {} ({}; {} pseudo-queries over {} chunks,"
            + " MRR lexical {} dense {} fused {})",
        kb,
        Duration.ofNanos(System.nanoTime() - t0).toMillis(),
        c.lexicalWeight(),
        c.denseWeight(),
        c.reason(),
        c.queries(),
        c.chunks(),
        c.lexicalMrr(),
        c.denseMrr(),
        c.fusedMrr());
    return c;
  }

  /**
   * The configured dense weight the calibration starts from: that of the language most of the
   * chunks the embedder reads are in. Only questions in such a language ever use a KB's weights
   * (others search lexically), so a KB mostly in Persian is still judged by its English weight.
   */
  private double configuredDense(List<StoredChunk> chunks) {
    var counts = new HashMap<String, Integer>();
    chunks.stream()
        .filter(c -> embedder.reads(c.language()))
        .forEach(c -> counts.merge(c.language(), 1, Integer::sum));
    String language =
        counts.entrySet().stream()
            .max(java.util.Map.Entry.comparingByValue())
            .map(java.util.Map.Entry::getKey)
            .orElse(Language.ENGLISH);
    return search.denseWeightFor(language);
  }

  private boolean settled(Instant changed, Instant now) {
    return !changed.plus(properties.settle()).isAfter(now);
  }

  private boolean tooSoon(String kb, Instant now) {
    return calibrations
        .calibration(kb)
        .map(c -> c.calibratedAt().plus(properties.minInterval()).isAfter(now))
        .orElse(false);
  }

  @Override
  public Health health() {
    var health = lastFailure == null ? Health.up() : Health.down();
    return health
        .withDetail("calibratedKbs", calibrations.all().size())
        .withDetail("pendingKbs", changes.kbs())
        .withDetail("lastPass", String.valueOf(lastPass))
        .withDetail("lastFailure", String.valueOf(lastFailure))
        .build();
  }

  @Override
  public void close() {
    if (passes != null) {
      passes.cancel(false);
    }
  }
}
