package io.streamrag.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.ingest.index.DocumentDrafts;
import io.streamrag.ingest.snapshot.SensorLocks;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.kafka.UndecodableRecordException;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Instant;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ingest-service, step by step: a sensor's reading, profile or forecast becomes its snapshot and
 * searchable text about it; a knowledge document becomes searchable chunks. Each handler sends all
 * its outputs and waits once, before its input is committed.
 */
public class IngestSteps {

  private static final Logger log = LoggerFactory.getLogger(IngestSteps.class);

  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final SnapshotFolder folder;
  private final SnapshotIndexer snapshotIndexer;
  private final SensorLocks locks;
  private final Chunker chunker;
  private final ChunkIndexer indexer;
  private final TopicWriter writer;
  private final Timer sensorEvents;
  private final Timer acknowledged;

  public IngestSteps(
      TopicView<SensorSnapshotUpdated> snapshots,
      SnapshotFolder folder,
      SnapshotIndexer snapshotIndexer,
      SensorLocks locks,
      Chunker chunker,
      ChunkIndexer indexer,
      TopicWriter writer,
      MeterRegistry meters) {
    this.sensorEvents =
        Timer.builder("ingest.sensor.event")
            .description("Folding, rendering, embedding and publishing one sensor event")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
    this.acknowledged =
        Timer.builder("ingest.sensor.event.ack")
            .description("Waiting for the broker to acknowledge one event's outputs")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
    this.snapshots = snapshots;
    this.folder = folder;
    this.snapshotIndexer = snapshotIndexer;
    this.locks = locks;
    this.chunker = chunker;
    this.indexer = indexer;
    this.writer = writer;
  }

  /** A reading, profile or forecast of one sensor. */
  public void onSensorEvent(SpecificRecord event) {
    if (!isSensorEvent(event)) {
      throw new UndecodableRecordException(
          "not a sensor event: " + event.getClass().getSimpleName(), null);
    }
    var record = (GenericRecord) event;
    String sensor = (String) record.get("sensor_uuid");
    Instant receivedAt = (Instant) record.get("received_at");
    long start = System.nanoTime();
    synchronized (locks.of(sensor)) {
      // 1. fold it into the sensor's snapshot; a duplicate or an older reading changes nothing
      var folded = folder.fold(snapshots.get(sensor).orElse(null), event);
      if (folded.isEmpty()) {
        return;
      }
      SensorSnapshotUpdated snapshot = folded.get();
      var out = writer.batch();
      // 2. publish the snapshot: retrieval attaches it to this sensor's next answer
      out.send(Topics.SENSOR_SNAPSHOTS, sensor, snapshot);
      // 3. make its changed sections searchable, now or at the end of a burst
      snapshotIndexer.request(snapshot, receivedAt, out);
      long sent = System.nanoTime();
      out.await();
      snapshots.update(sensor, snapshot);
      acknowledged.record(System.nanoTime() - sent, java.util.concurrent.TimeUnit.NANOSECONDS);
    }
    sensorEvents.record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  /** A knowledge document, new, changed or deleted. */
  public void onDocument(KnowledgeDocumentPublished doc) {
    // 1. chunk it (at most 500 tokens, 50 overlap, and what the embedder reads); a deleted
    // document has no chunks
    var drafts = DocumentDrafts.of(doc, chunker);
    // 2. embed changed chunks, upsert them, delete the ones that disappeared
    var out = writer.batch();
    var result = indexer.index(doc.getDocId(), drafts, doc.getPublishedAt(), out);
    out.await();
    log.info("{} {}: {}", doc.getDeleted() ? "removed" : "indexed", doc.getSource(), result);
  }

  /**
   * A knowledge document's tombstone (an administrator deleted it): every chunk its manifest lists
   * is deleted from the index. A document never indexed has nothing to delete.
   */
  public void onDocumentRemoved(String docId) {
    // 1. no chunks any more; 2. delete every chunk of its manifest
    var out = writer.batch();
    var result = indexer.index(docId, java.util.List.of(), Instant.now(), out);
    out.await();
    log.info("removed document {}: {}", docId, result);
  }

  /** Which records are sensor events. */
  static boolean isSensorEvent(Object record) {
    return record instanceof SensorReadingReceived
        || record instanceof SensorProfileUpdated
        || record instanceof ForecastUpdated;
  }
}
