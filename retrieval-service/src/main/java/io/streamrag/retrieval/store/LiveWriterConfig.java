package io.streamrag.retrieval.store;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.IndexWriterConfig;

/**
 * How the index writer is set for an index that changes with every sensor reading and is refreshed
 * up to 50 times a second. On the index feed's thread at 100 readings/s (async-profiler, wall
 * clock), making changes searchable was 48 % of the time, and two of Lucene's defaults were a third
 * of that:
 *
 * <ul>
 *   <li>each refresh packed its new small segment into a compound file ({@code createCompoundFile},
 *       11 %): flushed segments stay as plain files here, and merged ones follow the merge policy
 *       as before;
 *   <li>each refresh waited for merges of small segments it had started ({@code
 *       finishGetReaderMerge}, 7 %, Lucene's merge-on-refresh, up to 500 ms by default): here a
 *       refresh never waits for a merge, and the background merges still run.
 * </ul>
 */
final class LiveWriterConfig {

  private LiveWriterConfig() {}

  static IndexWriterConfig of(Analyzer analyzer) {
    return new IndexWriterConfig(analyzer)
        .setRAMBufferSizeMB(64)
        .setUseCompoundFile(false)
        .setMaxFullFlushMergeWaitMillis(0);
  }
}
