package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.QdrantCalls.await;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.WithPayloadSelectorFactory;
import io.qdrant.client.WithVectorsSelectorFactory;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.MultiDenseVector;
import io.qdrant.client.grpc.Points.PrefetchQuery;
import io.qdrant.client.grpc.Points.Query;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.Rrf;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.SparseVector;
import io.qdrant.client.grpc.Points.VectorInput;
import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.LegVotes;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.WindowScore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One hybrid search as one Qdrant {@code QueryBatch} request on the alias: the lexical leg (sparse
 * vector), the dense leg (cosine MaxSim over the chunk's windows; with {@link WindowScore#MEAN} its
 * hits come with their windows and are ranked again by their mean cosine, here), each under the
 * tenant filter, and, when both legs run with equal weights, the server-side fusion: a query that
 * prefetches both legs and fuses them with {@code rrf}. A leg whose weight is 0 (or a question
 * without words or vector) is left out.
 *
 * <p>Fusion matches {@code LuceneChunkStore}: the sum of {@link SearchQuery#reciprocalRank}, {@code
 * weight / (rrfK + rank)} with rank from 1. Qdrant scores {@code 1 / (position + k)} with position
 * from 0, so it is asked for {@code k = rrfK + 1} and its score is multiplied by the common weight.
 * Qdrant's weighted RRF divides the position by the weight instead of scaling the term, which ranks
 * differently, so <b>unequal weights are fused client-side</b> over the two legs' lists, with the
 * same formula as Lucene. So is {@link FusionRule#SCORE_DISTRIBUTION} ({@link LegVotes}), whose
 * uncapped votes Qdrant's DBSF does not give.
 *
 * <p>The legs travel in the batch even when the server fuses, because a {@link Candidate} carries
 * each leg's rank and the dense cosine for the reranker, which a fused response does not report;
 * the server runs each leg twice (as prefetch and alone), a few milliseconds at this depth.
 */
final class HybridSearch {

  private final QdrantClient client;
  private final String alias;
  private final LexicalVectors lexical;

  HybridSearch(QdrantClient client, String alias, LexicalVectors lexical) {
    this.client = client;
    this.alias = alias;
    this.lexical = lexical;
  }

  /** One leg: which named vector, what to look for, its fusion weight. */
  private record Leg(String using, Query query, double weight) {}

  /** A point seen by a leg: its payload and, per leg, its rank; the dense cosine. */
  private static final class Hit {
    final ScoredPoint point;
    final int[] ranks = new int[2];
    double cosine;
    double lexicalScore;
    double fused;

    Hit(ScoredPoint point) {
      this.point = point;
    }
  }

  List<Candidate> search(SearchQuery q) {
    int depth = Math.max(q.limit() * 4, 30);
    Filter filter = ChunkPoints.tenant(q.filter());
    Leg[] legs = new Leg[2]; // 0 lexical, 1 dense
    if (q.lexicalWeight() > 0) {
      SparseVector terms = lexical.query(q.text(), q.language());
      if (terms.getIndicesCount() > 0) {
        legs[0] = new Leg(ChunkPoints.LEXICAL, nearest(terms), q.lexicalWeight());
      }
    }
    if (q.denseWeight() > 0 && q.vector() != null) {
      legs[1] = new Leg(ChunkPoints.DENSE, nearest(q.vector()), q.denseWeight());
    }
    boolean mean = q.windowScore() == WindowScore.MEAN;
    var requests = new ArrayList<QueryPoints>();
    for (int l = 0; l < 2; l++) {
      if (legs[l] != null) {
        requests.add(leg(legs[l], filter, depth, l == 1 && mean));
      }
    }
    if (requests.isEmpty()) {
      return List.of();
    }
    // the server fuses by the best window; a mean over windows is fused here
    boolean serverFusion =
        requests.size() == 2
            && q.lexicalWeight() == q.denseWeight()
            && !mean
            && q.fusion() == FusionRule.RECIPROCAL_RANK;
    if (serverFusion) {
      requests.add(fused(legs, filter, depth, q));
    }
    List<BatchResult> results = await(client.queryBatchAsync(alias, requests), "search " + alias);

    // 1. rank every point each leg returned
    var hits = new LinkedHashMap<PointId, Hit>();
    int result = 0;
    for (int l = 0; l < 2; l++) {
      if (legs[l] == null) {
        continue;
      }
      List<ScoredPoint> ranked = results.get(result++).getResultList();
      if (l == 1 && mean) {
        ranked = WindowMeans.rank(ranked, q.vector());
      }
      double[] scores = new double[ranked.size()];
      for (int r = 0; r < scores.length; r++) {
        ScoredPoint point = ranked.get(r);
        scores[r] = l == 1 && mean ? WindowMeans.cosine(point, q.vector()) : point.getScore();
      }
      double[] votes = LegVotes.of(q, scores, legs[l].weight());
      for (int r = 0; r < ranked.size(); r++) {
        ScoredPoint point = ranked.get(r);
        Hit hit = hits.computeIfAbsent(point.getId(), id -> new Hit(point));
        hit.ranks[l] = r + 1;
        hit.fused += votes[r];
        if (l == 1) {
          hit.cosine = scores[r];
        } else {
          hit.lexicalScore = scores[r];
        }
      }
    }
    // 2. order them: by the server's fusion, or by the client's weighted one
    List<Hit> ordered;
    if (serverFusion) {
      ordered = new ArrayList<>();
      for (ScoredPoint p : results.get(result).getResultList()) {
        Hit hit = hits.computeIfAbsent(p.getId(), id -> new Hit(p));
        hit.fused = p.getScore() * q.lexicalWeight();
        ordered.add(hit);
      }
    } else {
      ordered = new ArrayList<>(hits.values());
      ordered.sort(Comparator.comparingDouble((Hit h) -> -h.fused));
    }
    return ordered.stream()
        .limit(q.limit())
        .map(
            h ->
                new Candidate(
                    ChunkPoints.chunk(h.point.getPayloadMap()),
                    h.fused,
                    h.ranks[0],
                    h.ranks[1],
                    h.cosine,
                    h.lexicalScore))
        .toList();
  }

  private QueryPoints leg(Leg leg, Filter filter, int depth, boolean withVectors) {
    var query =
        QueryPoints.newBuilder()
            .setCollectionName(alias)
            .setUsing(leg.using())
            .setQuery(leg.query())
            .setFilter(filter)
            .setLimit(depth)
            .setWithPayload(WithPayloadSelectorFactory.enable(true));
    if (withVectors) {
      query.setWithVectors(WithVectorsSelectorFactory.include(List.of(leg.using())));
    }
    return query.build();
  }

  private QueryPoints fused(Leg[] legs, Filter filter, int depth, SearchQuery q) {
    var fused =
        QueryPoints.newBuilder()
            .setCollectionName(alias)
            .setQuery(Query.newBuilder().setRrf(Rrf.newBuilder().setK(q.rrfK() + 1)))
            .setFilter(filter)
            .setLimit(q.limit())
            .setWithPayload(WithPayloadSelectorFactory.enable(true));
    for (Leg leg : legs) {
      fused.addPrefetch(
          PrefetchQuery.newBuilder()
              .setUsing(leg.using())
              .setQuery(leg.query())
              .setFilter(filter)
              .setLimit(depth));
    }
    return fused.build();
  }

  private static Query nearest(SparseVector terms) {
    return Query.newBuilder().setNearest(VectorInput.newBuilder().setSparse(terms)).build();
  }

  /** The question as a multivector of one: MaxSim then scores a chunk by its best window. */
  private static Query nearest(float[] vector) {
    var question = MultiDenseVector.newBuilder().addVectors(ChunkPoints.dense(vector));
    return Query.newBuilder().setNearest(VectorInput.newBuilder().setMultiDense(question)).build();
  }
}
