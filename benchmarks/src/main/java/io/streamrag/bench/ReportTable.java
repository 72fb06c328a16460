package io.streamrag.bench;

import io.streamrag.bench.RetrievalBench.Measured;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The retrieval report of one split as Markdown: a row per set and mode, and on the default mode's
 * row its margin in nDCG@10 over its best single leg (bm25 or dense). A default more than {@link
 * #TOLERANCE} below its best leg is flagged: fusion must never cost what one leg alone gets.
 */
final class ReportTable {

  static final double TOLERANCE = 0.01;

  private ReportTable() {}

  /**
   * The default mode's nDCG@10 minus that of its best single leg.
   *
   * @param leg the best leg, by nDCG@10
   */
  record Margin(String set, String leg, double delta) {

    boolean flagged() {
      return delta < -TOLERANCE;
    }

    /** E.g. {@code +0.041 vs dense}. */
    String describe() {
      return String.format(Locale.ROOT, "%+.3f vs %s", delta, leg);
    }

    /** The margin of one set's figures on one split; empty without the default or a leg. */
    static Optional<Margin> of(List<Measured> oneSet) {
      var fused = oneSet.stream().filter(m -> m.mode().equals(RetrievalBench.DEFAULT_MODE));
      var best =
          oneSet.stream()
              .filter(m -> RetrievalBench.LEGS.contains(m.mode()))
              .max(Comparator.comparingDouble(m -> m.metrics().ndcg()));
      return fused
          .findFirst()
          .flatMap(
              d ->
                  best.map(
                      b -> new Margin(d.set(), b.mode(), d.metrics().ndcg() - b.metrics().ndcg())));
    }
  }

  /** The table of one split, its rows in the order measured, then the sets flagged. */
  static String markdown(String split, List<Measured> measured) {
    var bySet = new LinkedHashMap<String, List<Measured>>();
    measured.stream()
        .filter(m -> m.split().equals(split))
        .forEach(m -> bySet.computeIfAbsent(m.set(), k -> new ArrayList<>()).add(m));
    var out = new StringBuilder();
    out.append("| set | mode | queries | nDCG@10 | recall@10 | MRR@10 | hit@1 | ")
        .append("default − best leg (nDCG@10) |\n")
        .append("|---|---|---|---|---|---|---|---|\n");
    var flagged = new ArrayList<Margin>();
    bySet.forEach(
        (set, rows) -> {
          var margin = Margin.of(rows);
          margin.filter(Margin::flagged).ifPresent(flagged::add);
          for (var m : rows) {
            boolean isDefault = m.mode().equals(RetrievalBench.DEFAULT_MODE);
            var r = m.metrics();
            out.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %d | %.3f | %.3f | %.3f | %.3f | %s |\n",
                    set,
                    isDefault ? "**" + m.mode() + "** (default)" : m.mode(),
                    m.queries(),
                    r.ndcg(),
                    r.recall(),
                    r.mrr(),
                    r.hit1(),
                    isDefault ? margin.map(ReportTable::cell).orElse("n/a") : ""));
          }
        });
    out.append('\n')
        .append(
            flagged.isEmpty()
                ? "No set where the default is more than 0.01 nDCG@10 below its best leg.\n"
                : "**Below the best leg by more than 0.01 nDCG@10:** "
                    + String.join(
                        ", ",
                        flagged.stream().map(f -> f.set() + " (" + f.describe() + ")").toList())
                    + ".\n");
    return out.toString();
  }

  private static String cell(Margin m) {
    return m.describe() + (m.flagged() ? " ⚠" : "");
  }
}
