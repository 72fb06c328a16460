package io.streamrag.bench;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkDraft;
import io.streamrag.ingest.index.DocumentDrafts;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Indexes a BEIR corpus the way the services do: each document is a global knowledge document of
 * one KB, cut into drafts by ingest's own {@link DocumentDrafts}, embedded (what the embedder
 * reads, in batches of ingest's size) and upserted as retrieval's feed would. Unlike ingest,
 * batches span documents, so that both cores embed; the vectors are the same.
 */
final class BenchIndex {

  static final String KB = "eval";

  private BenchIndex() {}

  /** The drafts of every document, in corpus order. */
  static List<ChunkDraft> drafts(BeirSet set, Chunker chunker, Embedder embedder) {
    var drafts = new ArrayList<ChunkDraft>();
    for (var d : set.corpus()) {
      var doc =
          KnowledgeDocumentPublished.newBuilder()
              .setDocId(d.id())
              .setKbName(KB)
              .setSensorUuid(Scopes.GLOBAL_SENSOR)
              .setSource(set.name() + "/" + d.id())
              .setTitle(d.title())
              .setLanguage(Language.detect(d.title() + " " + d.text())) // as ingest detects it
              .setText(d.text())
              .setContentHash("")
              .setPublishedAt(Instant.EPOCH)
              .build();
      drafts.addAll(DocumentDrafts.of(doc, chunker, embedder));
    }
    return drafts;
  }

  /**
   * Upserts the drafts, with vectors when {@code embed} is true, and refreshes the store.
   *
   * @return how many chunks got a vector
   */
  static int index(
      List<ChunkDraft> drafts, ChunkStore store, Embedder embedder, int batchSize, boolean embed) {
    int embedded = 0;
    String doc = null;
    int position = 0;
    for (int from = 0; from < drafts.size(); from += batchSize) {
      var batch = drafts.subList(from, Math.min(from + batchSize, drafts.size()));
      var readable =
          embed
              ? batch.stream()
                  .filter(d -> embedder.reads(d.language()))
                  .map(ChunkDraft::embedText)
                  .toList()
              : List.<String>of();
      var vectors = embedder.embedAll(readable);
      int next = 0;
      for (var d : batch) {
        position = d.docId().equals(doc) ? position + 1 : 0;
        doc = d.docId();
        boolean hasVector = embed && embedder.reads(d.language());
        float[] vector = hasVector ? vectors.get(next++) : new float[0];
        embedded += hasVector ? 1 : 0;
        store.upsert(
            new StoredChunk(
                Ids.of(d.docId(), String.valueOf(position)),
                d.text(),
                d.source(),
                d.sensorUuid(),
                d.kbName(),
                position,
                d.docId(),
                d.language(),
                vector));
      }
    }
    store.refresh();
    return embedded;
  }
}
