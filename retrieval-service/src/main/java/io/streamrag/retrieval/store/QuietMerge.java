package io.streamrag.retrieval.store;

import io.streamrag.retrieval.store.ChunkStore.Compaction;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * Merges the shared index into one segment once global knowledge has stopped changing. Each segment
 * is searched on its own: the dense leg walks one HNSW graph per segment for its 30 chunks (Lucene
 * 9 shares no bound between them), and the lexical leg looks every term up per segment. Profiled at
 * 20,000 chunks, one segment searched hybrid about 2.6 times faster than the 8 a build leaves
 * (README, Retrieval quality). Merging rebuilds the HNSW graph, which costs minutes of one core at
 * 100,000 chunks, so it waits for quiet: knowledge changes in bursts (a document, a KB) and then
 * rests, while sensors' chunks, which change all the time, are not in these segments' searched part
 * at all ({@link ParkedChunks}, {@link SensorIndexes}).
 *
 * <p>Only segments holding knowledge count: a segment of parked sensor chunks only has no graph and
 * no terms to look up, and merging it alone would rewrite the big segment for nothing.
 */
final class QuietMerge {

  private final IndexWriter writer;
  private final SearcherManager searchers;

  /** When global knowledge last changed ({@link System#nanoTime()}). */
  private volatile long lastChange = System.nanoTime();

  private volatile boolean merging;

  QuietMerge(IndexWriter writer, SearcherManager searchers) {
    this.writer = writer;
    this.searchers = searchers;
  }

  /** Global knowledge changed (the feed's thread). */
  void changed() {
    lastChange = System.nanoTime();
  }

  /** Whether a merge is running now: this one, or one of Lucene's own that it left running. */
  boolean merging() {
    return merging || !writer.getMergingSegments().isEmpty();
  }

  /**
   * Merges the segments holding knowledge into one, if there are several and knowledge has not
   * changed for {@code quiet}; then reopens the searched index on the merged segment. A change
   * arriving during the merge is written beside it, as always, and merged at the next quiet.
   */
  Optional<Compaction> mergeIfQuiet(Duration quiet) throws IOException {
    if (System.nanoTime() - lastChange < quiet.toNanos()) {
      return Optional.empty();
    }
    int before = knowledgeSegments();
    if (before <= 1) {
      return Optional.empty();
    }
    long start = System.nanoTime();
    merging = true;
    try {
      writer.forceMerge(1);
    } finally {
      merging = false;
    }
    searchers.maybeRefreshBlocking();
    return Optional.of(
        new Compaction(before, knowledgeSegments(), Duration.ofNanos(System.nanoTime() - start)));
  }

  /** Segments of the searched index with any chunk of global knowledge (its text's terms). */
  int knowledgeSegments() throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      int n = 0;
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        if (leaf.reader().terms(LuceneChunkStore.TEXT) != null) {
          n++;
        }
      }
      return n;
    } finally {
      searchers.release(searcher);
    }
  }
}
