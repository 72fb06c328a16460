package io.streamrag.retrieval.store;

import java.time.Duration;
import java.util.List;
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
public final class GuardedChunkStore extends ForwardingChunkStore {

  /** The store could not answer a search, or not in time. */
  public static final class StoreUnavailable extends RuntimeException {
    StoreUnavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final Duration limit;
  private final ExecutorService searches;
  private final AtomicInteger failuresInARow = new AtomicInteger();

  /**
   * @param limit the longest one search may take
   * @param threads searches that may run at once; a stuck store holds at most this many
   */
  public GuardedChunkStore(ChunkStore store, Duration limit, int threads) {
    super(store);
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
  public void close() {
    searches.shutdownNow();
    super.close();
  }
}
