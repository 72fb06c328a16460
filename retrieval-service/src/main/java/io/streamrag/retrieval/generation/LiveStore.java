package io.streamrag.retrieval.generation;

import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.StoredChunk;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The store of whichever generation serves at the time of each call. Searches only: each
 * generation's own feed writes into its own store, so writes through here are refused.
 */
final class LiveStore implements ChunkStore {

  private final Supplier<Generation> current;

  LiveStore(Supplier<Generation> current) {
    this.current = current;
  }

  @Override
  public List<Candidate> search(SearchQuery query) {
    return current.get().store().search(query);
  }

  @Override
  public Optional<Compaction> compact(Duration quiet) {
    return current.get().store().compact(quiet);
  }

  @Override
  public long size() {
    return current.get().store().size();
  }

  @Override
  public void refresh() {
    current.get().store().refresh();
  }

  @Override
  public List<StoredChunk> knowledgeOf(String kb, int max) {
    return current.get().store().knowledgeOf(kb, max);
  }

  @Override
  public Map<String, String> notes() {
    return current.get().store().notes();
  }

  @Override
  public void note(String key, String value) {
    current.get().store().note(key, value);
  }

  @Override
  public Map<Integer, Long> appliedOffsets() {
    return current.get().store().appliedOffsets();
  }

  @Override
  public void upsert(StoredChunk chunk) {
    throw new UnsupportedOperationException("a generation's feed writes into its own store");
  }

  @Override
  public void delete(String pointId) {
    throw new UnsupportedOperationException("a generation's feed writes into its own store");
  }

  @Override
  public void checkpoint(Map<Integer, Long> offsets) {
    throw new UnsupportedOperationException("a generation's feed checkpoints its own store");
  }

  @Override
  public void close() {
    // the generations close their stores
  }
}
