package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.invalid;
import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.qdrant.client.ConditionFactory;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Collections.SparseVectorParams;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.Fusion;
import io.qdrant.client.grpc.Points.PrefetchQuery;
import io.qdrant.client.grpc.Points.Query;
import io.qdrant.client.grpc.Points.SparseVector;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.VectorInput;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fake's scoring: exact cosine over normalised vectors (MaxSim over a multivector's vectors),
 * sparse dot product with Qdrant's IDF modifier ({@code ln(1 + (N - n + 0.5) / (n + 0.5))} over the
 * collection), and RRF over prefetch results ({@code Σ 1 / (position + k)}, position from 0, k = 2
 * unless given).
 */
final class FakeRanking {

  /** A point and its score. */
  record Scored(PointId id, float score) {}

  private final FakeQdrantServer.Collection c;

  FakeRanking(FakeQdrantServer.Collection c) {
    this.c = c;
  }

  /** One query level: its prefetches fused, or a nearest search, best first, at most limit. */
  List<Scored> run(
      List<PrefetchQuery> prefetch, Query query, String using, Filter filter, long limit) {
    List<Scored> ranked;
    if (!prefetch.isEmpty()) {
      var lists = new ArrayList<List<Scored>>();
      for (PrefetchQuery p : prefetch) {
        Filter both = p.hasFilter() ? and(filter, p.getFilter()) : filter;
        lists.add(
            run(
                p.getPrefetchList(),
                p.hasQuery() ? p.getQuery() : null,
                p.getUsing(),
                both,
                p.hasLimit() ? p.getLimit() : 10));
      }
      ranked = fuse(lists, query);
    } else if (query != null && query.hasNearest()) {
      ranked = nearest(query.getNearest(), using, filter);
    } else {
      throw unimplemented("queries other than nearest or RRF over prefetches");
    }
    return ranked.stream().limit(limit).toList();
  }

  private List<Scored> fuse(List<List<Scored>> lists, Query query) {
    int k = 2;
    if (query != null && query.hasRrf()) {
      if (query.getRrf().getWeightsCount() > 0) {
        throw unimplemented("weighted RRF");
      }
      k = query.getRrf().hasK() ? query.getRrf().getK() : 2;
    } else if (query == null || !query.hasFusion() || query.getFusion() != Fusion.RRF) {
      throw unimplemented("fusion other than RRF");
    }
    var scores = new LinkedHashMap<PointId, Float>();
    for (List<Scored> list : lists) {
      for (int position = 0; position < list.size(); position++) {
        scores.merge(list.get(position).id(), 1f / (position + k), Float::sum);
      }
    }
    return sorted(scores);
  }

  private List<Scored> nearest(VectorInput input, String using, Filter filter) {
    var scores = new LinkedHashMap<PointId, Float>();
    switch (input.getVariantCase()) {
      case DENSE, MULTI_DENSE -> {
        var params = c.config.getVectorsConfig().getParamsMap().getMapMap().get(using);
        if (params == null) {
          throw invalid("Wrong input: Not existing vector name error: " + using);
        }
        List<float[]> question =
            input.hasDense()
                ? List.of(FakePoints.normalised(input.getDense().getDataList()))
                : input.getMultiDense().getVectorsList().stream()
                    .map(d -> FakePoints.normalised(d.getDataList()))
                    .toList();
        if (input.hasMultiDense() && !params.hasMultivectorConfig()) {
          throw invalid("Wrong input: Conversion between multi and regular vectors failed");
        }
        c.points.forEach(
            (id, p) -> {
              Vector v = p.getVectors().getVectors().getVectorsMap().get(using);
              if (v != null && FakeFilters.passes(filter, p, c)) {
                List<DenseVector> windows =
                    v.hasMultiDense() ? v.getMultiDense().getVectorsList() : List.of(v.getDense());
                scores.put(id, maxSim(question, windows));
              }
            });
      }
      case SPARSE -> {
        SparseVectorParams params = c.config.getSparseVectorsConfig().getMapMap().get(using);
        if (params == null) {
          throw invalid("Wrong input: Not existing vector name error: " + using);
        }
        SparseVector q = input.getSparse();
        Map<Integer, Double> idf = idf(using, params);
        c.points.forEach(
            (id, p) -> {
              Vector v = p.getVectors().getVectors().getVectorsMap().get(using);
              if (v == null || !FakeFilters.passes(filter, p, c)) {
                return;
              }
              SparseVector d = v.getSparse();
              double score = 0;
              boolean overlap = false;
              for (int i = 0; i < q.getIndicesCount(); i++) {
                int at = d.getIndicesList().indexOf(q.getIndices(i));
                if (at >= 0) {
                  overlap = true;
                  score +=
                      q.getValues(i) * d.getValues(at) * idf.getOrDefault(q.getIndices(i), 1.0);
                }
              }
              if (overlap) {
                scores.put(id, (float) score);
              }
            });
      }
      default -> throw unimplemented("nearest " + input.getVariantCase());
    }
    return sorted(scores);
  }

  /**
   * Qdrant's MaxSim: for each question vector, its best cosine among the point's vectors, summed. A
   * single dense vector is a multivector of one, so a plain dense search is its special case.
   */
  private static float maxSim(List<float[]> question, List<DenseVector> windows) {
    float sum = 0;
    for (float[] q : question) {
      float best = Float.NEGATIVE_INFINITY;
      for (DenseVector w : windows) {
        List<Float> d = w.getDataList();
        if (d.size() != q.length) {
          throw invalid("Wrong input: Vector dimension error: expected dim: " + d.size());
        }
        float dot = 0;
        for (int i = 0; i < q.length; i++) {
          dot += q[i] * d.get(i);
        }
        best = Math.max(best, dot);
      }
      sum += best;
    }
    return sum;
  }

  /** IDF per term over every point with this sparse vector; none without the modifier. */
  private Map<Integer, Double> idf(String using, SparseVectorParams params) {
    var idf = new HashMap<Integer, Double>();
    if (params.getModifier() != Modifier.Idf) {
      return idf;
    }
    var df = new HashMap<Integer, Integer>();
    int n = 0;
    for (var p : c.points.values()) {
      Vector v = p.getVectors().getVectors().getVectorsMap().get(using);
      if (v != null) {
        n++;
        v.getSparse().getIndicesList().forEach(t -> df.merge(t, 1, Integer::sum));
      }
    }
    int total = n;
    df.forEach((t, d) -> idf.put(t, Math.log(1 + (total - d + 0.5) / (d + 0.5))));
    return idf;
  }

  /** Best first; equal scores keep upsert order. */
  private static List<Scored> sorted(Map<PointId, Float> scores) {
    var out = new ArrayList<Scored>();
    scores.forEach((id, s) -> out.add(new Scored(id, s)));
    out.sort(Comparator.comparingDouble((Scored s) -> -s.score()));
    return out;
  }

  private static Filter and(Filter a, Filter b) {
    return Filter.newBuilder()
        .addMust(ConditionFactory.filter(a))
        .addMust(ConditionFactory.filter(b))
        .build();
  }
}
