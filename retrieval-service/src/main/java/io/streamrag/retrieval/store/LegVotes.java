package io.streamrag.retrieval.store;

/** What each hit of one leg adds to its fused score, under a {@link FusionRule}. */
public final class LegVotes {

  /**
   * Hits a leg's score distribution is measured over: the depth each leg is searched to for the
   * service's 7 candidates, fixed so a search asking for more candidates normalises alike.
   */
  public static final int NORMALISED_OVER = 30;

  /** Standard deviations either side of the mean that span a vote from 0 to 1. */
  static final double SPREAD = 3;

  private static final double RANK_SHARE = 1e-6;

  private LegVotes() {}

  /** The votes of one leg of {@code q}: see {@link #of(FusionRule, int, double[], double)}. */
  public static double[] of(SearchQuery q, double[] scores, double weight) {
    return of(q.fusion(), q.rrfK(), scores, weight);
  }

  /**
   * @param rrfK the rank constant of reciprocal-rank fusion
   * @param scores the leg's own scores (BM25, cosine), best first
   * @param weight the leg's weight
   * @return each hit's vote, in the same order
   */
  public static double[] of(FusionRule fusion, int rrfK, double[] scores, double weight) {
    double[] votes = new double[scores.length];
    if (fusion == FusionRule.RECIPROCAL_RANK) {
      for (int r = 0; r < scores.length; r++) {
        votes[r] = weight / (rrfK + r + 1.0);
      }
      return votes;
    }
    int n = Math.min(NORMALISED_OVER, scores.length);
    double mean = 0;
    for (int i = 0; i < n; i++) {
      mean += scores[i];
    }
    mean /= Math.max(n, 1);
    double variance = 0;
    for (int i = 0; i < n; i++) {
      variance += (scores[i] - mean) * (scores[i] - mean);
    }
    double sd = Math.sqrt(variance / Math.max(n, 1));
    for (int r = 0; r < scores.length; r++) {
      // a leg whose hits all score alike says nothing about their order: half a vote each
      double v = sd == 0 ? 0.5 : (scores[r] - (mean - SPREAD * sd)) / (2 * SPREAD * sd);
      // not capped at 1: hits standing far out would tie and lose their order; the rank's share
      // keeps the leg's own order among hits floored at 0
      votes[r] = weight * (Math.max(0, v) + RANK_SHARE / (rrfK + r + 1.0));
    }
    return votes;
  }
}
