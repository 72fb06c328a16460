package io.streamrag.retrieval.store;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A store that passes every call to another, for a store that changes a few of them (the guarded
 * store its searches; tests the calls they stage trouble in).
 */
public abstract class ForwardingChunkStore implements ChunkStore {

  protected final ChunkStore store;

  protected ForwardingChunkStore(ChunkStore store) {
    this.store = store;
  }

  @Override
  public void upsert(StoredChunk chunk) {
    store.upsert(chunk);
  }

  @Override
  public void delete(String pointId) {
    store.delete(pointId);
  }

  @Override
  public void refresh() {
    store.refresh();
  }

  @Override
  public List<Candidate> search(SearchQuery query) {
    return store.search(query);
  }

  @Override
  public Optional<Compaction> compact(Duration quiet) {
    return store.compact(quiet);
  }

  @Override
  public long size() {
    return store.size();
  }

  @Override
  public List<StoredChunk> knowledgeOf(String kb, int max) {
    return store.knowledgeOf(kb, max);
  }

  @Override
  public Map<String, String> notes() {
    return store.notes();
  }

  @Override
  public void note(String key, String value) {
    store.note(key, value);
  }

  @Override
  public Map<Integer, Long> appliedOffsets() {
    return store.appliedOffsets();
  }

  @Override
  public void checkpoint(Map<Integer, Long> offsets) {
    store.checkpoint(offsets);
  }

  @Override
  public void close() {
    store.close();
  }
}
