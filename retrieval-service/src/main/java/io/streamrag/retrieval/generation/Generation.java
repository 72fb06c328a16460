package io.streamrag.retrieval.generation;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.feed.IndexFeed;
import io.streamrag.retrieval.store.ChunkStore;
import java.time.Instant;

/**
 * One index generation: a store built from index.changes by its own feed, with the vectors of one
 * embedding model, and the embedder that embeds questions for it.
 *
 * @param number 1, 2, ...: a rebuild or re-embedding makes the next one
 * @param kind how it was made
 * @param store its chunks
 * @param feed what keeps it up to date
 * @param embedder the model of its vectors
 * @param startedAt when its build began
 */
record Generation(
    int number, Kind kind, ChunkStore store, IndexFeed feed, Embedder embedder, Instant startedAt) {

  /** How a generation was made. */
  enum Kind {
    /** opened at start-up, from its own checkpoint */
    OPENED,
    /** replayed from index.changes with the vectors the changes carry: no embedding */
    REBUILD,
    /** replayed with every chunk's text embedded again by another model */
    REEMBED
  }

  /** Stops its feed, then its store: their order matters, the feed writes into the store. */
  void close() {
    feed.close();
    store.close();
  }
}
