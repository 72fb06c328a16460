package io.streamrag.retrieval.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * One hybrid search of {@link LuceneChunkStore}: the lexical and the dense leg under one tenant
 * filter, fused by the query's {@link FusionRule} ({@link LegVotes}).
 */
final class LuceneSearch {

  private LuceneSearch() {}

  static List<Candidate> search(
      IndexSearcher searcher, SearchQuery q, LuceneQueries queries, DenseWindows dense)
      throws IOException {
    int depth = Math.max(q.limit() * 4, 30);
    Query filter = LuceneQueries.filter(q.filter());
    var fused =
        new HashMap<Integer, double[]>(); // doc -> {score, lexicalRank, denseRank, cosine, bm25}
    Query lexical = queries.lexical(q.text(), q.language(), searcher.getIndexReader());
    if (lexical != null && q.lexicalWeight() > 0) {
      var query =
          new BooleanQuery.Builder()
              .add(lexical, BooleanClause.Occur.MUST)
              .add(filter, BooleanClause.Occur.FILTER)
              .build();
      ScoreDoc[] hits = searcher.search(query, depth).scoreDocs;
      double[] scores = new double[hits.length];
      for (int r = 0; r < hits.length; r++) {
        scores[r] = hits[r].score;
      }
      double[] votes = LegVotes.of(q, scores, q.lexicalWeight());
      for (int r = 0; r < hits.length; r++) {
        double[] f = fused.computeIfAbsent(hits[r].doc, d -> new double[5]);
        f[0] += votes[r];
        f[1] = r + 1;
        f[4] = hits[r].score;
      }
    }
    if (q.denseWeight() > 0 && q.vector() != null) { // the embedding may still be in the making
      var hits = dense.search(searcher, q.vector(), filter, depth, q.windowScore());
      double[] votes =
          LegVotes.of(q, hits.stream().mapToDouble(h -> h.cosine()).toArray(), q.denseWeight());
      for (int r = 0; r < hits.size(); r++) {
        double[] f = fused.computeIfAbsent(hits.get(r).doc(), d -> new double[5]);
        f[0] += votes[r];
        f[2] = r + 1;
        f[3] = hits.get(r).cosine();
      }
    }
    var ranked = new ArrayList<>(fused.entrySet());
    ranked.sort(
        Comparator.comparingDouble((Map.Entry<Integer, double[]> e) -> -e.getValue()[0])
            .thenComparing(Map.Entry::getKey));
    var out = new ArrayList<Candidate>();
    var stored = searcher.storedFields();
    for (var e : ranked.subList(0, Math.min(q.limit(), ranked.size()))) {
      Document d = stored.document(e.getKey());
      double[] f = e.getValue();
      out.add(new Candidate(ChunkDocuments.chunk(d), f[0], (int) f[1], (int) f[2], f[3], f[4]));
    }
    return out;
  }
}
