package io.streamrag.retrieval.tool;

import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.ForwardingChunkStore;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.schemas.Scopes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real store seen through a test double: it records every search and can make the searches of one
 * knowledge base fail, hang until the test ends, or wait for another KB's search to run at the same
 * moment. Everything else is the real store's.
 */
final class ObservedStore extends ForwardingChunkStore {

  enum Trouble {
    FAIL,
    HANG,
    MEET
  }

  private final Map<String, Trouble> troubles = new ConcurrentHashMap<>();
  private final List<SearchQuery> searches = new CopyOnWriteArrayList<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile CountDownLatch meeting = new CountDownLatch(0);

  ObservedStore(ChunkStore store) {
    super(store);
  }

  /** Makes the searches of {@code kb} run into {@code trouble}. */
  ObservedStore with(String kb, Trouble trouble) {
    troubles.put(kb, trouble);
    meeting =
        new CountDownLatch((int) troubles.values().stream().filter(t -> t == Trouble.MEET).count());
    return this;
  }

  /** Every search asked of the store, in order. */
  List<SearchQuery> searches() {
    return List.copyOf(searches);
  }

  /** Lets hanging searches go; the test calls it when it ends. */
  void release() {
    released.countDown();
  }

  @Override
  public List<Candidate> search(SearchQuery query) {
    searches.add(query);
    String kb =
        query.filter().kbs().stream().filter(k -> !k.equals(Scopes.ALL_KBS)).findFirst().orElse("");
    var trouble = troubles.get(kb);
    if (trouble != null) {
      runInto(trouble);
    }
    return store.search(query);
  }

  private void runInto(Trouble trouble) {
    try {
      switch (trouble) {
        case FAIL -> throw new IllegalStateException("disk on fire");
        case HANG -> released.await(60, TimeUnit.SECONDS);
        case MEET -> {
          meeting.countDown();
          if (!meeting.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("searched alone: no other KB was searched meanwhile");
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    release();
  }
}
