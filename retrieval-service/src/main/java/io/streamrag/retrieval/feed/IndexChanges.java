package io.streamrag.retrieval.feed;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads an index change into the store operation it asks for, refusing what can never be applied
 * ({@link IllegalArgumentException}): a vector of another embedding model, an upsert without
 * payload. (Bytes that are not an {@code IndexChanged} are refused by the follow that reads them.)
 * A re-embedding reader embeds the text of a change from another model again instead of refusing
 * it.
 */
final class IndexChanges {

  private final String model;
  private final Embedder reembedder;

  /**
   * @param model the embedding model of the store
   * @param reembedder embeds the chunk text of a change from another model; {@code null} refuses
   *     such a change
   */
  IndexChanges(String model, Embedder reembedder) {
    this.model = model;
    this.reembedder = reembedder;
  }

  /** One store operation, and when its fact entered the system. */
  interface Change {
    void applyTo(ChunkStore store);

    Optional<Instant> sourceTime();

    /** The freshness log's entry, for a change that carries a sensor or document. */
    Optional<FreshnessLog.Entry> freshness(Instant searchable);

    /**
     * The KB whose global knowledge this change alters, {@link KnowledgeChanges#SOMEWHERE} for a
     * deletion, nothing for a sensor's data.
     */
    Optional<String> knowledge();
  }

  /**
   * @param change the record's value, {@code null} for a tombstone
   * @throws IllegalArgumentException for a change that can never be applied
   */
  Change read(String key, IndexChanged change) {
    if (change == null) {
      return new Change() { // a tombstone removes its point
        public void applyTo(ChunkStore store) {
          store.delete(key);
        }

        public Optional<Instant> sourceTime() {
          return Optional.empty();
        }

        public Optional<FreshnessLog.Entry> freshness(Instant searchable) {
          return Optional.empty();
        }

        public Optional<String> knowledge() {
          return Optional.of(KnowledgeChanges.SOMEWHERE);
        }
      };
    }
    if (change.getOp() == IndexOp.DELETE) {
      return new Applied(change, null);
    }
    if (!change.getEmbeddingModel().equals(model) && reembedder != null) {
      var chunk = toChunk(change);
      // the stored text (a document chunk's starts with its title), in windows the model reads
      var windows = reembedder.windows("", chunk.text());
      return new Applied(change, chunk.withVectors(reembedder.embedAll(windows)));
    }
    if (!change.getEmbeddingModel().equals(model)) {
      throw new IllegalArgumentException(
          "vector from model "
              + change.getEmbeddingModel()
              + ", the index holds "
              + model
              + ": re-embed it");
    }
    return new Applied(change, toChunk(change));
  }

  private record Applied(IndexChanged change, StoredChunk chunk) implements Change {
    public void applyTo(ChunkStore store) {
      if (chunk == null) {
        store.delete(change.getPointId());
      } else {
        store.upsert(chunk);
      }
    }

    public Optional<Instant> sourceTime() {
      return Optional.ofNullable(change.getSourceReceivedAt());
    }

    public Optional<FreshnessLog.Entry> freshness(Instant searchable) {
      var p = change.getPayload();
      if (p == null || change.getSourceReceivedAt() == null) {
        return Optional.empty();
      }
      return Optional.of(
          new FreshnessLog.Entry(
              p.getSensorUuid(),
              p.getSource(),
              change.getSourceReceivedAt().toEpochMilli(),
              searchable.toEpochMilli()));
    }

    public Optional<String> knowledge() {
      if (chunk == null) {
        return Optional.of(KnowledgeChanges.SOMEWHERE);
      }
      return Scopes.GLOBAL_SENSOR.equals(chunk.sensorUuid())
          ? Optional.of(chunk.kbName())
          : Optional.empty();
    }
  }

  private static StoredChunk toChunk(IndexChanged c) {
    var p = c.getPayload();
    if (p == null) {
      throw new IllegalArgumentException("an upsert without payload");
    }
    return new StoredChunk(
        c.getPointId(),
        p.getText(),
        p.getSource(),
        p.getSensorUuid(),
        p.getKbName(),
        p.getChunkIndex(),
        p.getDocId(),
        p.getLanguage(),
        floats(c.getVector()),
        c.getMoreWindows().stream().map(IndexChanges::floats).toList());
  }

  private static float[] floats(List<Float> values) {
    float[] vector = new float[values.size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = values.get(i);
    }
    return vector;
  }
}
