package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.ID;
import static io.streamrag.retrieval.store.LuceneChunkStore.TEXT;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.IOUtils;

/**
 * Writes a chunk as Lucene indexes it: one block of its embedding windows ({@link DenseWindows})
 * followed by its own document ({@link ChunkDocuments}), its text analysed as its language reads
 * ({@link LexicalAnalysis}). The shared index and every sensor's own index write it alike, so a
 * chunk scores the same wherever it lives.
 */
final class ChunkBlocks {

  private ChunkBlocks() {}

  /** Refuses a chunk whose vectors are not of the index's length. */
  static void check(StoredChunk c, int dimension) {
    for (float[] window : c.windows()) {
      if (window.length != dimension) {
        throw new IllegalArgumentException(
            "vector of %s has %d dimensions, the index %d"
                .formatted(c.pointId(), window.length, dimension));
      }
    }
  }

  /** Adds the chunk's block, replacing the chunk of the same id. */
  static void write(IndexWriter writer, StoredChunk c, LexicalAnalysis analysis) {
    Analyzer analyzer = analysis.of(c.language());
    TokenStream stems = analyzer.tokenStream(TEXT, c.text());
    TokenStream words = analyzer.tokenStream(BilingualAnalyzer.WORDS, c.text());
    TokenStream joined = analyzer.tokenStream(BilingualAnalyzer.JOINED, c.text());
    var block = DenseWindows.windows(c); // its windows first, then the chunk (none: not embedded)
    block.add(ChunkDocuments.of(c, stems, words, joined));
    try {
      writer.updateDocuments(new Term(ID, c.pointId()), block);
    } catch (IOException | RuntimeException e) {
      // the writer closes what it consumed; a stream left open would break the next chunk's
      IOUtils.closeWhileHandlingException(stems, words, joined);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }
}
