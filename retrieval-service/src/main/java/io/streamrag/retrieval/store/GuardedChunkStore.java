package io.streamrag.retrieval.store;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A store whose searches answer in time or fail clearly (S0.6): a search slower than the limit, or
 * one the store cannot run (Qdrant down, an index error), throws {@link StoreUnavailable}, which
 * retrieval turns into a degraded context instead of an invented answer. Nothing is remembered
 * between searches, so service resumes by itself with the first search after the store is back.
 * Writes pass through unchanged: the index feed retries them itself.
 */
public final class GuardedChunkStore implements ChunkStore {

  /** The store could not answer a search, or not in time. */
  public static final class StoreUnavailable extends RuntimeException {
    StoreUnavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final ChunkStore store;
  private final Duration limit;
  private final ExecutorService searches;
  private final AtomicInteger failuresInARow = new AtomicInteger();

  /**
   * @param limit the longest one search may take
   * @param threads searches that may run at once; a stuck store holds at most this many
   */
  public GuardedChunkStore(ChunkStore store, Duration limit, int threads) {
    this.store = store;
    this.limit = limit;
    this.searches =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              var t = new Thread(r, "store-search");
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public List<Candidate> search(SearchQuery query) {
    Future<List<Candidate>> running = searches.submit(() -> store.search(query));
    try {
      var found = running.get(limit.toMillis(), TimeUnit.MILLISECONDS);
      failuresInARow.set(0);
      return found;
    } catch (TimeoutException e) {
      running.cancel(true);
      failuresInARow.incrementAndGet();
      throw new StoreUnavailable("the index did not answer within " + limit.toMillis() + " ms", e);
    } catch (ExecutionException e) {
      failuresInARow.incrementAndGet();
      throw new StoreUnavailable("the index failed: " + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreUnavailable("interrupted while searching", e);
    }
  }

  /** Searches that failed since the last one that succeeded; 0 when the store is healthy. */
  public int failuresInARow() {
    return failuresInARow.get();
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
    searches.shutdownNow();
    store.close();
  }
}
