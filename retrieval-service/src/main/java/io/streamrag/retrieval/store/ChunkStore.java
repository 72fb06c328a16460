package io.streamrag.retrieval.store;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The searchable store of chunks that retrieval-service owns. It is built only from the
 * index-change topic and answers hybrid (lexical + dense) searches under a tenant filter.
 *
 * <p>Implementations: {@link LuceneChunkStore} (embedded default: BM25 + HNSW in one process),
 * {@link io.streamrag.retrieval.store.qdrant.QdrantChunkStore} (a Qdrant server: dense + sparse
 * vectors, collections behind an alias).
 */
public interface ChunkStore extends AutoCloseable {

  /** Adds or replaces a chunk. */
  void upsert(StoredChunk chunk);

  /** Removes a chunk; removing an absent one does nothing. */
  void delete(String pointId);

  /**
   * Makes every change so far visible to searches. A store may show some sooner: the Lucene store
   * shows a sensor's data as soon as it is applied, since it keeps each sensor's apart.
   */
  void refresh();

  /** The best chunks for a query that pass its filter, best first. */
  List<Candidate> search(SearchQuery query);

  /**
   * Up to {@code max} chunks of global knowledge in one knowledge base, in a stable order, their
   * vectors omitted: what a KB's fusion calibration draws its pseudo-queries from.
   */
  List<StoredChunk> knowledgeOf(String kb, int max);

  /**
   * The notes kept with the index, by key: small texts derived from its content, such as a
   * knowledge base's fusion calibration. They are lost with the index, like everything derived.
   */
  Map<String, String> notes();

  /** Keeps a note with the index; durable from the next {@link #checkpoint(Map)}. */
  void note(String key, String value);

  /**
   * Compacts the store for faster searches once its global knowledge has not changed for {@code
   * quiet}, and says what it did; searches go on meanwhile, and see the same chunks before and
   * after. Called from one thread, never the feed's. The default: nothing to compact (a store that
   * compacts by itself, or whose parts do not slow its searches).
   */
  default Optional<Compaction> compact(Duration quiet) {
    return Optional.empty();
  }

  /**
   * One compaction: the searched parts of the index (Lucene's segments holding global knowledge)
   * before and after, and how long it took.
   */
  record Compaction(int partsBefore, int partsAfter, Duration took) {}

  /** How many chunks are searchable. */
  long size();

  /** The topic offsets (partition to next offset) whose changes this store has durably applied. */
  Map<Integer, Long> appliedOffsets();

  /** Durably records that every change up to these offsets is applied. */
  void checkpoint(Map<Integer, Long> offsets);

  @Override
  void close();
}
