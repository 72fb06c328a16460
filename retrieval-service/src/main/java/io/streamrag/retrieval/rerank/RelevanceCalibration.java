package io.streamrag.retrieval.rerank;

/**
 * Platt scaling: turns a reranker's raw score (a cross-encoder's logit, the local reranker's term
 * coverage) into a probability that the passage is relevant, {@code 1 / (1 + exp(-(scale × raw +
 * shift)))}, so one threshold means the same for every question. The two numbers are fitted on a
 * labelled dev split ({@code ./bench.sh rerank-calibration}, see the README) and published.
 *
 * @param scale how steeply relevance rises with the raw score; positive
 * @param shift the log-odds of relevance at a raw score of 0
 */
public record RelevanceCalibration(double scale, double shift) {

  public RelevanceCalibration {
    if (!(scale > 0) || !Double.isFinite(shift)) {
      throw new IllegalArgumentException(
          "a relevance calibration needs a positive scale and a finite shift"
              + " (relevance must rise with the raw score), not "
              + scale
              + " and "
              + shift);
    }
  }

  /** The model's own sigmoid, for a cross-encoder trained with a logistic loss. */
  public static final RelevanceCalibration SIGMOID = new RelevanceCalibration(1, 0);

  /** The probability, in [0, 1], that a passage with this raw score is relevant. */
  public double probability(double raw) {
    return 1 / (1 + Math.exp(-(scale * raw + shift)));
  }

  /**
   * Fits scale and shift by maximum likelihood (Newton's method with Platt's smoothed targets, so
   * that separable data still gives finite numbers).
   *
   * @param raw raw scores of labelled passages
   * @param relevant whether each passage is relevant
   * @throws IllegalArgumentException without both relevant and irrelevant examples, or when the raw
   *     score falls with relevance (the fit would need a negative scale)
   */
  public static RelevanceCalibration fit(double[] raw, boolean[] relevant) {
    int positives = 0;
    for (boolean r : relevant) {
      positives += r ? 1 : 0;
    }
    int negatives = relevant.length - positives;
    if (positives == 0 || negatives == 0 || raw.length != relevant.length) {
      throw new IllegalArgumentException("a fit needs relevant and irrelevant examples");
    }
    double hi = (positives + 1.0) / (positives + 2.0);
    double lo = 1.0 / (negatives + 2.0);
    double a = 1;
    double b = 0;
    for (int iteration = 0; iteration < 100; iteration++) {
      double ga = 0, gb = 0, haa = 1e-9, hab = 0, hbb = 1e-9;
      for (int i = 0; i < raw.length; i++) {
        double p = 1 / (1 + Math.exp(-(a * raw[i] + b)));
        double error = p - (relevant[i] ? hi : lo);
        double w = p * (1 - p);
        ga += error * raw[i];
        gb += error;
        haa += w * raw[i] * raw[i];
        hab += w * raw[i];
        hbb += w;
      }
      double det = haa * hbb - hab * hab;
      double da = (hbb * ga - hab * gb) / det;
      double db = (haa * gb - hab * ga) / det;
      a -= da;
      b -= db;
      if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) {
        break;
      }
    }
    return new RelevanceCalibration(a, b);
  }
}
