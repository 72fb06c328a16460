package io.streamrag.ingest.snapshot;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkDraft;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

/**
 * Makes a sensor's snapshot searchable: each section (readings, profile, forecast, weather) in
 * English, Persian and Arabic, scoped to the sensor and every KB (S1.5), one source per section so
 * only what changed is re-embedded. Every language is indexed because a question shares words only
 * with the rendering in its own language: without the Arabic one, an Arabic question would never
 * find the farmer's own data. A chunk in a language the embedder does not read costs no embedding.
 * Bursts are coalesced per sensor: the first snapshot after a quiet window is indexed at once,
 * later ones within the window once, at its end, with the newest state, in the trace of the newest
 * one's reading.
 */
public final class SnapshotIndexer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(SnapshotIndexer.class);
  private static final String[] SECTIONS = {"readings", "profile", "forecast", "weather"};
  private static final long RETRY_FIRST_MS = 1_000;
  private static final long RETRY_MAX_MS = 30_000;

  private final SnapshotText text;
  private final Chunker chunker;
  private final ChunkIndexer indexer;
  private final TopicWriter writer;
  private final SensorLocks locks;
  private final long windowNanos;
  private final Map<String, Burst> bursts = new ConcurrentHashMap<>();
  private final TaskScheduler trailing;
  private final ContextSnapshotFactory context = ContextSnapshotFactory.builder().build();

  /**
   * What each source was last indexed from, and the version of its manifest then. A section that is
   * the same object ({@link SnapshotText#remembering}) while the manifest stayed at that version
   * would give the same chunks and hashes, so it is not chunked and hashed again: a station's
   * observation costs each linked field its weather section only.
   */
  private final Cache<String, Indexed> indexed =
      Caffeine.newBuilder()
          .maximumSize((long) SectionMemo.SENSORS * SECTIONS.length)
          .executor(Runnable::run)
          .build();

  private record Indexed(SnapshotText.Section section, long version) {}

  /** A sensor's coalescing state: when it was last indexed, and what waits for the window's end. */
  private static final class Burst {
    long lastIndexed = Long.MIN_VALUE / 2;
    long retryMillis = RETRY_FIRST_MS;
    SnapshotFolder.Folded pending;
    Instant pendingReceivedAt;
    ContextSnapshot pendingTrace;
    boolean scheduled;
  }

  public SnapshotIndexer(
      SnapshotText text,
      Chunker chunker,
      ChunkIndexer indexer,
      TopicWriter writer,
      SensorLocks locks,
      Duration window,
      TaskScheduler trailing) {
    this.trailing = trailing;
    this.text = text;
    this.chunker = chunker;
    this.indexer = indexer;
    this.writer = writer;
    this.locks = locks;
    this.windowNanos = window.toNanos();
  }

  /**
   * Indexes the snapshot now into the caller's batch, or keeps it for the end of the window. Called
   * under the sensor's lock.
   */
  public void request(SnapshotFolder.Folded folded, Instant receivedAt, TopicWriter.Batch out) {
    String sensor = folded.snapshot().getSensorUuid();
    var burst = bursts.computeIfAbsent(sensor, s -> new Burst());
    long now = System.nanoTime();
    if (windowNanos == 0 || now - burst.lastIndexed >= windowNanos) {
      burst.lastIndexed = now;
      burst.pending = null;
      index(folded, receivedAt, out);
      return;
    }
    burst.pending = folded;
    burst.pendingReceivedAt = receivedAt;
    burst.pendingTrace = context.captureAll();
    if (!burst.scheduled) {
      burst.scheduled = true;
      long delay = burst.lastIndexed + windowNanos - now;
      trailing.schedule(() -> flush(sensor), Instant.now().plusNanos(Math.max(0, delay)));
    }
  }

  /** Indexes every section of a snapshot; unchanged chunks cost a hash, not an embedding. */
  public void index(SensorSnapshotUpdated snapshot, Instant receivedAt, TopicWriter.Batch out) {
    index(new SnapshotFolder.Folded(snapshot, text.sections(snapshot)), receivedAt, out);
  }

  private void index(SnapshotFolder.Folded folded, Instant receivedAt, TopicWriter.Batch out) {
    String sensor = folded.snapshot().getSensorUuid();
    var present = new HashMap<String, SnapshotText.Section>();
    folded.sections().forEach(section -> present.put(section.name(), section));
    for (String name : SECTIONS) {
      String source = source(sensor, name);
      var section = present.get(name);
      var last = indexed.getIfPresent(source);
      if (last != null && last.section() == section && last.version() == indexer.version(source)) {
        continue;
      }
      // an absent section indexes no chunks, which removes what was there, if anything
      var drafts = section == null ? List.<ChunkDraft>of() : drafts(sensor, section);
      indexer.index(source, drafts, receivedAt, out);
      indexed.put(source, new Indexed(section, indexer.version(source)));
    }
  }

  /**
   * The chunks of each section of a snapshot, by index source, in the order of {@link #SECTIONS}:
   * none for a section the snapshot does not have.
   */
  public Map<String, List<ChunkDraft>> drafts(SensorSnapshotUpdated snapshot) {
    String sensor = snapshot.getSensorUuid();
    var bySource = new LinkedHashMap<String, List<ChunkDraft>>();
    for (String name : SECTIONS) {
      bySource.put(source(sensor, name), List.of());
    }
    for (var section : text.sections(snapshot)) {
      bySource.put(source(sensor, section.name()), drafts(sensor, section));
    }
    return bySource;
  }

  private List<ChunkDraft> drafts(String sensor, SnapshotText.Section section) {
    var drafts = new ArrayList<ChunkDraft>();
    String docId = source(sensor, section.name());
    String cited = section.citation() == null ? docId : section.citation();
    for (var rendering : section.renderings()) {
      add(
          drafts,
          rendering.text(),
          rendering.meaning(),
          docId,
          cited,
          sensor,
          rendering.language());
    }
    return drafts;
  }

  /** The index source of one section of a sensor's snapshot, also shown in citations. */
  public static String source(String sensor, String section) {
    return "sensor/" + sensor + "/" + section;
  }

  private void flush(String sensor) {
    try {
      synchronized (locks.of(sensor)) {
        var burst = bursts.get(sensor);
        burst.scheduled = false;
        if (burst.pending == null) {
          return;
        }
        try (var trace = burst.pendingTrace.setThreadLocals()) {
          var out = writer.batch();
          index(burst.pending, burst.pendingReceivedAt, out);
          out.await();
        }
        burst.lastIndexed = System.nanoTime();
        burst.pending = null;
        burst.retryMillis = RETRY_FIRST_MS;
      }
    } catch (RuntimeException e) {
      retryLater(sensor, e);
    }
  }

  /** A section is short: one chunk, whose embedding input leaves out the sensor id and time. */
  private void add(
      List<ChunkDraft> drafts,
      String body,
      String meaning,
      String docId,
      String cited,
      String sensor,
      String language) {
    List<String> chunks = chunker.split(body);
    for (String chunk : chunks) {
      String embed = chunks.size() == 1 ? meaning : chunk;
      drafts.add(new ChunkDraft(chunk, "", embed, cited, sensor, Scopes.ALL_KBS, docId, language));
    }
  }

  @Override
  public void close() {
    // the scheduler is Spring's: it stops with the context
  }

  /** A failed flush keeps its snapshot and tries again, 1 s doubling to 30 s: never dropped. */
  private void retryLater(String sensor, RuntimeException e) {
    synchronized (locks.of(sensor)) {
      var burst = bursts.get(sensor);
      log.warn(
          "coalesced snapshot of {} could not be indexed, retrying in {} ms: {}",
          sensor,
          burst.retryMillis,
          e.getMessage());
      burst.scheduled = true;
      trailing.schedule(() -> flush(sensor), Instant.now().plusMillis(burst.retryMillis));
      burst.retryMillis = Math.min(RETRY_MAX_MS, burst.retryMillis * 2);
    }
  }
}
