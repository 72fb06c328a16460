package io.streamrag.retrieval.feed;

import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.ForwardingChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** Stores around a real one, for the index feed's tests: one counts refreshes, one fails. */
final class FeedTestStores {

  private FeedTestStores() {}

  /** A store that counts how often its changes were made searchable. */
  static final class CountingStore extends ForwardingChunkStore {
    final AtomicLong refreshes = new AtomicLong();

    CountingStore(ChunkStore store) {
      super(store);
    }

    @Override
    public void refresh() {
      refreshes.incrementAndGet();
      store.refresh();
    }
  }

  /** A store that refuses every write until a moment passes, like Qdrant being restarted. */
  static final class FailingStore extends ForwardingChunkStore {
    private final AtomicLong failUntil = new AtomicLong();
    final AtomicLong refused = new AtomicLong();

    FailingStore(ChunkStore store) {
      super(store);
    }

    void failFor(Duration outage) {
      failUntil.set(System.currentTimeMillis() + outage.toMillis());
    }

    private void check() {
      if (System.currentTimeMillis() < failUntil.get()) {
        refused.incrementAndGet();
        throw new IllegalStateException("store unavailable (test outage)");
      }
    }

    @Override
    public void upsert(StoredChunk chunk) {
      check();
      store.upsert(chunk);
    }

    @Override
    public void delete(String pointId) {
      check();
      store.delete(pointId);
    }
  }
}
