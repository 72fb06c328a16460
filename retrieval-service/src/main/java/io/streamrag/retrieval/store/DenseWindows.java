package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.KB;
import static io.streamrag.retrieval.store.LuceneChunkStore.SENSOR;
import static io.streamrag.retrieval.store.LuceneChunkStore.VECTOR;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.DiversifyingChildrenFloatKnnVectorQuery;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BitSet;
import org.apache.lucene.util.VectorUtil;

/**
 * A chunk's embedding windows in Lucene: one child document per window, holding its vector and the
 * tenant fields, indexed in one block before the chunk's own (parent) document. The dense leg is a
 * block-join kNN ({@link DiversifyingChildrenFloatKnnVectorQuery}): the best window of each chunk
 * scores the chunk ({@link WindowScore#MAX}); with {@link WindowScore#MEAN} the chunks it finds are
 * ranked again by the mean cosine of all their windows.
 */
final class DenseWindows {

  /** Marks a chunk's own document, the parent of its windows. */
  static final String KIND = "kind";

  static final Query CHUNKS = new TermQuery(new Term(KIND, "chunk"));

  private final BitSetProducer parents = new QueryBitSetProducer(CHUNKS);

  /** One dense hit: the chunk's document and its cosine similarity to the question. */
  record Hit(int doc, double cosine) {}

  /** The window documents of a chunk, to index just before its own document. */
  static List<Document> windows(StoredChunk c) {
    var docs = new ArrayList<Document>();
    for (float[] vector : c.windows()) {
      var window = new Document();
      // the chunk's id, so that replacing or deleting the chunk replaces or deletes its windows
      window.add(new StringField(LuceneChunkStore.ID, c.pointId(), Field.Store.NO));
      window.add(new StringField(SENSOR, c.sensorUuid(), Field.Store.NO));
      window.add(new StringField(KB, c.kbName(), Field.Store.NO));
      window.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.COSINE));
      docs.add(window);
    }
    return docs;
  }

  /** The chunks nearest to the question, best first, at most {@code depth}. */
  List<Hit> search(
      IndexSearcher searcher, float[] question, Query filter, int depth, WindowScore score)
      throws IOException {
    var query =
        new DiversifyingChildrenFloatKnnVectorQuery(VECTOR, question, filter, depth, parents);
    ScoreDoc[] best = searcher.search(query, depth).scoreDocs;
    var hits = new ArrayList<Hit>(best.length);
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    for (ScoreDoc window : best) {
      LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(window.doc, leaves));
      int parent = parentOf(leaf, window.doc - leaf.docBase);
      double cosine =
          score == WindowScore.MEAN
              ? meanCosine(leaf, parent, question)
              : 2 * window.score - 1; // Lucene's cosine score is (1 + cos) / 2
      hits.add(new Hit(leaf.docBase + parent, cosine));
    }
    if (score == WindowScore.MEAN) {
      hits.sort(Comparator.comparingDouble((Hit h) -> -h.cosine()).thenComparingInt(Hit::doc));
    }
    return hits;
  }

  private int parentOf(LeafReaderContext leaf, int child) throws IOException {
    BitSet bits = parents.getBitSet(leaf);
    return bits.nextSetBit(child);
  }

  /** The mean cosine of a chunk's windows to the question: its children lie just before it. */
  private double meanCosine(LeafReaderContext leaf, int parent, float[] question)
      throws IOException {
    BitSet bits = parents.getBitSet(leaf);
    int first = parent == 0 ? 0 : bits.prevSetBit(parent - 1) + 1;
    FloatVectorValues vectors = leaf.reader().getFloatVectorValues(VECTOR);
    if (vectors == null) {
      return 0;
    }
    double sum = 0;
    int n = 0;
    for (int doc = vectors.advance(first); doc < parent; doc = vectors.nextDoc()) {
      sum += VectorUtil.cosine(question, vectors.vectorValue());
      n++;
    }
    return n == 0 ? 0 : sum / n;
  }
}
