package io.streamrag.retrieval.store.qdrant;

import io.qdrant.client.grpc.Points.SparseVector;
import io.streamrag.retrieval.store.BilingualAnalyzer;
import io.streamrag.retrieval.store.LexicalAnalysis;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * The lexical leg as Qdrant sparse vectors, analysed exactly like the Lucene index ({@link
 * LexicalAnalysis}: a chunk in its own language, a question in its language) so both adapters match
 * the same words.
 *
 * <p>Term ids are the 32-bit murmur3 hash of the analysed term: no vocabulary to store or share,
 * and a collision (rare in 2³² ids) only merges two terms. A chunk's weights are BM25's saturated
 * term frequency {@code tf·(k1+1)/(tf+k1)} with {@code k1 = 1.2}; the collection's sparse vector
 * has Qdrant's {@code IDF} modifier, so the server multiplies in the inverse document frequency it
 * keeps up to date and a query scores BM25-like. BM25's length normalisation is left out: the
 * collection's average chunk length is not known client-side, and ingest cuts chunks to similar
 * sizes. A question weighs each distinct term 1, as Lucene's OR query of term queries does.
 *
 * <p>Like the Lucene index, a chunk also carries its whole (unstemmed) words under separate ids,
 * and a Persian or Arabic question weighs its whole words {@value #WORDS_WEIGHT}, so an exact word
 * form counts for a little more than a shared stem ({@link BilingualAnalyzer#WORDS}). A chunk
 * carries its adjacent Persian words joined too, and a Persian question weighs, at the same weight,
 * its adjacent words joined against the chunk's whole words and its whole words against the chunk's
 * joined ones ({@link BilingualAnalyzer#JOINED}). A question's stems are analysed as a question's
 * ({@link LexicalAnalysis#questionTerms}).
 */
final class LexicalVectors {

  static final float K1 = 1.2f;
  static final float WORDS_WEIGHT = 0.4f;
  private static final String WORD_PREFIX = "w\u0000";
  private static final String JOINED_PREFIX = "j\u0000";
  private static final int MAX_QUERY_TERMS = 64;

  private final LexicalAnalysis analysis = new LexicalAnalysis();

  /** A chunk's sparse vector, analysed in its language; empty when it has no indexable word. */
  SparseVector document(String text, String language) {
    var weights = new TreeMap<Integer, Float>();
    termCounts(text, language, "text", "", Integer.MAX_VALUE)
        .forEach((id, tf) -> weights.merge(id, tf * (K1 + 1) / (tf + K1), Float::sum));
    termCounts(text, language, BilingualAnalyzer.WORDS, WORD_PREFIX, Integer.MAX_VALUE)
        .forEach((id, tf) -> weights.merge(id, tf * (K1 + 1) / (tf + K1), Float::sum));
    termCounts(text, language, BilingualAnalyzer.JOINED, JOINED_PREFIX, Integer.MAX_VALUE)
        .forEach((id, tf) -> weights.merge(id, tf * (K1 + 1) / (tf + K1), Float::sum));
    return vector(weights);
  }

  /**
   * A question's sparse vector, analysed in its language: each distinct analysed term (at most 64)
   * with weight 1, and for a Persian or Arabic question each whole word with weight {@value
   * #WORDS_WEIGHT}.
   */
  SparseVector query(String text, String language) {
    var weights = new TreeMap<Integer, Float>();
    questionTerms(text, language, "text", "").forEach(id -> weights.merge(id, 1f, Float::sum));
    if (LexicalAnalysis.weighsWholeWords(language)) {
      questionTerms(text, language, BilingualAnalyzer.WORDS, WORD_PREFIX)
          .forEach(id -> weights.merge(id, WORDS_WEIGHT, Float::sum));
    }
    if (LexicalAnalysis.joinsSplitWords(language)) {
      // joined against whole words, whole words against joined: never joined against joined
      questionTerms(text, language, BilingualAnalyzer.JOINED, WORD_PREFIX)
          .forEach(id -> weights.merge(id, WORDS_WEIGHT, Float::sum));
      questionTerms(text, language, BilingualAnalyzer.WORDS, JOINED_PREFIX)
          .forEach(id -> weights.merge(id, WORDS_WEIGHT, Float::sum));
    }
    return vector(weights);
  }

  /** The ids of a question's distinct terms analysed as {@code field} reads them (at most 64). */
  private Set<Integer> questionTerms(String text, String language, String field, String prefix) {
    var ids = new LinkedHashSet<Integer>();
    for (String term : analysis.questionTerms(language, field, text)) {
      if (ids.size() == MAX_QUERY_TERMS) {
        break;
      }
      ids.add(termId(prefix + term));
    }
    return ids;
  }

  private static SparseVector vector(Map<Integer, Float> weights) {
    var vector = SparseVector.newBuilder();
    weights.forEach((id, w) -> vector.addIndices(id).addValues(w));
    return vector.build();
  }

  /** The term id of one analysed term. */
  static int termId(String term) {
    return StringHelper.murmurhash3_x86_32(new BytesRef(term), 0);
  }

  private Map<Integer, Integer> termCounts(
      String text, String language, String field, String prefix, int maxTerms) {
    var counts = new TreeMap<Integer, Integer>();
    for (String term : analysis.terms(language, field, text)) {
      int id = termId(prefix + term);
      if (counts.containsKey(id) || counts.size() < maxTerms) {
        counts.merge(id, 1, Integer::sum);
      }
    }
    return counts;
  }
}
