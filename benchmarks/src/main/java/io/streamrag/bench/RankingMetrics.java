package io.streamrag.bench;

import java.util.List;
import java.util.Map;

/**
 * The standard BEIR / trec_eval measures of one ranked list of documents at a cutoff: nDCG with
 * graded gains and a log2 discount, recall, reciprocal rank, and hits at 1 and at the cutoff.
 */
record RankingMetrics(double ndcg, double recall, double mrr, double hit1, double hitK) {

  static RankingMetrics of(List<String> ranked, Map<String, Integer> relevant, int k) {
    double dcg = 0;
    double rr = 0;
    int found = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      int grade = relevant.getOrDefault(ranked.get(i), 0);
      if (grade > 0) {
        dcg += grade / log2(i + 2);
        found++;
        if (rr == 0) {
          rr = 1.0 / (i + 1);
        }
      }
    }
    var ideal = relevant.values().stream().sorted((a, b) -> b - a).limit(k).toList();
    double idcg = 0;
    for (int i = 0; i < ideal.size(); i++) {
      idcg += ideal.get(i) / log2(i + 2);
    }
    boolean first = !ranked.isEmpty() && relevant.getOrDefault(ranked.get(0), 0) > 0;
    return new RankingMetrics(
        idcg == 0 ? 0 : dcg / idcg,
        relevant.isEmpty() ? 0 : (double) found / relevant.size(),
        rr,
        first ? 1 : 0,
        found > 0 ? 1 : 0);
  }

  /** The mean of each measure over queries. */
  static RankingMetrics mean(List<RankingMetrics> all) {
    int n = Math.max(1, all.size());
    return new RankingMetrics(
        all.stream().mapToDouble(RankingMetrics::ndcg).sum() / n,
        all.stream().mapToDouble(RankingMetrics::recall).sum() / n,
        all.stream().mapToDouble(RankingMetrics::mrr).sum() / n,
        all.stream().mapToDouble(RankingMetrics::hit1).sum() / n,
        all.stream().mapToDouble(RankingMetrics::hitK).sum() / n);
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
