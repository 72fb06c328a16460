package io.streamrag.bench;

import java.util.Arrays;
import java.util.Locale;

/** Percentiles of a sample, nearest-rank. */
public record Percentiles(int count, double p50, double p95, double p99, double max) {

  public static Percentiles of(double[] values) {
    if (values.length == 0) {
      return new Percentiles(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new Percentiles(
        sorted.length,
        rank(sorted, 0.50),
        rank(sorted, 0.95),
        rank(sorted, 0.99),
        sorted[sorted.length - 1]);
  }

  /** The value at rank ceil(p * n), 1-based. */
  static double rank(double[] sorted, double p) {
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d)",
        p50,
        p95,
        p99,
        max,
        count);
  }
}
