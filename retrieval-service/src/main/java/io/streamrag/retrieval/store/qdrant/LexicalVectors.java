package io.streamrag.retrieval.store.qdrant;

import io.qdrant.client.grpc.Points.SparseVector;
import io.streamrag.retrieval.store.BilingualAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * The lexical leg as Qdrant sparse vectors, analysed exactly like the Lucene index ({@link
 * BilingualAnalyzer}) so both adapters match the same words.
 *
 * <p>Term ids are the 32-bit murmur3 hash of the analysed term: no vocabulary to store or share,
 * and a collision (rare in 2³² ids) only merges two terms. A chunk's weights are BM25's saturated
 * term frequency {@code tf·(k1+1)/(tf+k1)} with {@code k1 = 1.2}; the collection's sparse vector
 * has Qdrant's {@code IDF} modifier, so the server multiplies in the inverse document frequency it
 * keeps up to date and a query scores BM25-like. BM25's length normalisation is left out: the
 * collection's average chunk length is not known client-side, and ingest cuts chunks to similar
 * sizes. A question weighs each distinct term 1, as Lucene's OR query of term queries does.
 */
final class LexicalVectors {

  static final float K1 = 1.2f;
  private static final int MAX_QUERY_TERMS = 64;

  private final Analyzer analyzer = new BilingualAnalyzer();

  /** A chunk's sparse vector; empty when the text has no indexable word. */
  SparseVector document(String text) {
    var vector = SparseVector.newBuilder();
    termCounts(text, Integer.MAX_VALUE)
        .forEach((id, tf) -> vector.addIndices(id).addValues(tf * (K1 + 1) / (tf + K1)));
    return vector.build();
  }

  /** A question's sparse vector: each distinct analysed term (at most 64) with weight 1. */
  SparseVector query(String text) {
    var vector = SparseVector.newBuilder();
    termCounts(text, MAX_QUERY_TERMS).keySet().forEach(id -> vector.addIndices(id).addValues(1f));
    return vector.build();
  }

  /** The term id of one analysed term. */
  static int termId(String term) {
    return StringHelper.murmurhash3_x86_32(new BytesRef(term), 0);
  }

  private Map<Integer, Integer> termCounts(String text, int maxTerms) {
    var counts = new TreeMap<Integer, Integer>();
    if (text == null || text.isBlank()) {
      return counts;
    }
    try (var stream = analyzer.tokenStream("text", text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        int id = termId(term.toString());
        if (counts.containsKey(id) || counts.size() < maxTerms) {
          counts.merge(id, 1, Integer::sum);
        }
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return counts;
  }
}
