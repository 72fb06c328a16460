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
 * one KB, cut into drafts by ingest's own {@link DocumentDrafts} (500-token chunks), each chunk
 * embedded as the windows the embedder reads whole (in batches of ingest's size) and upserted with
 * them as retrieval's feed would. Unlike ingest, batches span documents, so that both cores embed;
 * the vectors are the same.
 */
final class BenchIndex {

  static final String KB = "eval";

  private BenchIndex() {}

  /** The drafts of every document, in corpus order. */
  static List<ChunkDraft> drafts(BeirSet set, Chunker chunker) {
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
      drafts.addAll(DocumentDrafts.of(doc, chunker));
    }
    return drafts;
  }

  /**
   * Upserts the drafts, with their windows' vectors when {@code embed} is true, and refreshes the
   * store. Each chunk the embedder reads is embedded as ingest embeds it: the windows {@link
   * Embedder#windows} cuts it into, batches of about {@code batchSize} windows.
   *
   * @return how many chunks and how many windows got a vector
   */
  static Embedded index(
      List<ChunkDraft> drafts, ChunkStore store, Embedder embedder, int batchSize, boolean embed) {
    return index(drafts, store, embedder, batchSize, embed, new ArrayList<>());
  }

  /**
   * Upserts the drafts as {@link #index(List, ChunkStore, Embedder, int, boolean)} does, and adds
   * every stored chunk to {@code stored}.
   */
  static Embedded index(
      List<ChunkDraft> drafts,
      ChunkStore store,
      Embedder embedder,
      int batchSize,
      boolean embed,
      List<StoredChunk> stored) {
    int chunks = 0;
    int windows = 0;
    String doc = null;
    int position = 0;
    int from = 0;
    while (from < drafts.size()) {
      var batch = new ArrayList<List<String>>();
      int texts = 0;
      int to = from;
      while (to < drafts.size() && (to == from || texts < batchSize)) {
        ChunkDraft d = drafts.get(to++);
        List<String> w =
            embed && embedder.reads(d.language())
                ? embedder.windows(d.embedHeading(), d.embedText())
                : List.of();
        batch.add(w);
        texts += w.size();
      }
      var vectors = embedder.embedAll(batch.stream().flatMap(List::stream).toList());
      int next = 0;
      for (int b = 0; b < batch.size(); b++) {
        var d = drafts.get(from + b);
        position = d.docId().equals(doc) ? position + 1 : 0;
        doc = d.docId();
        var own = vectors.subList(next, next + batch.get(b).size());
        next += own.size();
        chunks += own.isEmpty() ? 0 : 1;
        windows += own.size();
        var chunk =
            new StoredChunk(
                Ids.of(d.docId(), String.valueOf(position)),
                d.text(),
                d.source(),
                d.sensorUuid(),
                d.kbName(),
                position,
                d.docId(),
                d.language(),
                own.isEmpty() ? new float[0] : own.get(0),
                own.size() < 2 ? List.of() : own.subList(1, own.size()));
        store.upsert(chunk);
        stored.add(chunk);
      }
      from = to;
    }
    store.refresh();
    return new Embedded(chunks, windows);
  }

  /** What indexing embedded: chunks with a vector, and their windows. */
  record Embedded(int chunks, int windows) {}
}
