package io.streamrag.ingest;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkDraft;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.ingest.index.IndexOutbox;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * ingest-service, step by step: a sensor reading becomes a snapshot and searchable text about that
 * sensor; a knowledge document becomes searchable chunks.
 */
@Component
public class IngestPipeline {

  private static final Logger log = LoggerFactory.getLogger(IngestPipeline.class);

  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final SnapshotFolder folder;
  private final Chunker chunker;
  private final ChunkIndexer indexer;
  private final IndexOutbox outbox;

  IngestPipeline(
      TopicView<SensorSnapshotUpdated> snapshots,
      SnapshotFolder folder,
      Chunker chunker,
      ChunkIndexer indexer,
      IndexOutbox outbox) {
    this.snapshots = snapshots;
    this.folder = folder;
    this.chunker = chunker;
    this.indexer = indexer;
    this.outbox = outbox;
  }

  /** A validated reading from sensor-bridge. */
  public void onReading(SensorReadingReceived reading) {
    String sensor = reading.getSensorUuid();
    // 1. fold it into the sensor's snapshot; a duplicate or an older reading changes nothing
    var folded = folder.fold(snapshots.get(sensor).orElse(null), reading);
    if (folded.isEmpty()) {
      return;
    }
    SensorSnapshotUpdated snapshot = folded.get();
    // 2. publish the snapshot: retrieval attaches it to this sensor's next answer
    outbox.snapshot(snapshot);
    snapshots.update(sensor, snapshot);
    // 3. render and chunk it in English and Persian, scoped to this sensor and every KB (S1.5)
    var drafts = new ArrayList<ChunkDraft>();
    String source = "sensor/" + sensor;
    addChunks(drafts, snapshot.getTextEn(), "", source, sensor, Scopes.ALL_KBS, source, "en");
    addChunks(drafts, snapshot.getTextFa(), "", source, sensor, Scopes.ALL_KBS, source, "fa");
    // 4. embed what changed and publish index changes
    indexer.index(source, drafts, reading.getReceivedAt());
  }

  /** A knowledge document, new, changed or deleted. */
  public void onDocument(KnowledgeDocumentPublished doc) {
    // 1. chunk it (at most 500 tokens, 50 overlap); a deleted document has no chunks
    var drafts = new ArrayList<ChunkDraft>();
    if (!doc.getDeleted()) {
      addChunks(
          drafts,
          doc.getText(),
          doc.getTitle(),
          doc.getSource(),
          doc.getSensorUuid(),
          doc.getKbName(),
          doc.getDocId(),
          doc.getLanguage());
    }
    // 2. embed changed chunks, upsert them, delete the ones that disappeared
    var result = indexer.index(doc.getDocId(), drafts, doc.getPublishedAt());
    log.info("{} {}: {}", doc.getDeleted() ? "removed" : "indexed", doc.getSource(), result);
  }

  private void addChunks(
      List<ChunkDraft> drafts,
      String text,
      String title,
      String source,
      String sensor,
      String kb,
      String docId,
      String language) {
    for (String chunk : chunker.split(text)) {
      String embedText = title.isEmpty() ? chunk : title + "\n" + chunk;
      drafts.add(new ChunkDraft(chunk, embedText, source, sensor, kb, docId, language));
    }
  }
}
