package io.streamrag.retrieval.store.qdrant;

import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.VectorOutput;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@link io.streamrag.retrieval.store.WindowScore#MEAN} on Qdrant: the dense leg's points, which
 * came with their windows, ranked by the mean cosine of their windows to the question.
 */
final class WindowMeans {

  private WindowMeans() {}

  /** The points, best mean first; equal means keep the server's order. */
  static List<ScoredPoint> rank(List<ScoredPoint> points, float[] question) {
    var ranked = new ArrayList<>(points);
    ranked.sort(Comparator.comparingDouble((ScoredPoint p) -> -cosine(p, question)));
    return ranked;
  }

  /** The mean cosine of a point's windows to the question; its score when it has none. */
  static double cosine(ScoredPoint point, float[] question) {
    VectorOutput v = point.getVectors().getVectors().getVectorsMap().get(ChunkPoints.DENSE);
    if (v == null || !v.hasMultiDense() || v.getMultiDense().getVectorsCount() == 0) {
      return point.getScore();
    }
    double sum = 0;
    for (DenseVector window : v.getMultiDense().getVectorsList()) {
      sum += cosine(window.getDataList(), question);
    }
    return sum / v.getMultiDense().getVectorsCount();
  }

  private static double cosine(List<Float> a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < b.length && i < a.size(); i++) {
      dot += a.get(i) * b[i];
      na += a.get(i) * a.get(i);
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
