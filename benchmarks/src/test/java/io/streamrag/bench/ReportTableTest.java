package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bench.RetrievalBench.Measured;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's verdict: the default mode against its best single leg. */
class ReportTableTest {

  static Measured row(String set, String mode, double ndcg) {
    return new Measured(
        set, "test", mode, new RankingMetrics(ndcg, 0.9, 0.8, 0.7, 0.95), 100, 1, 2);
  }

  static List<Measured> set(String name, double bm25, double dense, double fused) {
    return List.of(
        row(name, "bm25", bm25),
        row(name, "dense", dense),
        row(name, "hybrid", fused),
        row(name, "hybrid+rerank", fused));
  }

  @Test
  void theMarginIsOverTheBetterLeg() {
    var margin = ReportTable.Margin.of(set("scifact", 0.667, 0.691, 0.732)).orElseThrow();

    assertThat(margin.leg()).isEqualTo("dense");
    assertThat(margin.delta()).isCloseTo(0.041, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(margin.flagged()).isFalse();
  }

  @Test
  void aDefaultMoreThanAHundredthBelowItsBestLegIsFlagged() {
    var rows = new java.util.ArrayList<Measured>(set("long", 0.80, 0.70, 0.751));
    rows.addAll(set("close", 0.80, 0.70, 0.795));

    String table = ReportTable.markdown("test", rows);

    assertThat(table).contains("| long | **hybrid+rerank** (default) | 100 | 0.751");
    assertThat(table).contains("-0.049 vs bm25 ⚠");
    assertThat(table).contains("-0.005 vs bm25 |");
    assertThat(table)
        .contains("**Below the best leg by more than 0.01 nDCG@10:** long (-0.049 vs bm25).");
  }

  @Test
  void noFlagWhenEverySetHoldsItsBestLeg() {
    String table = ReportTable.markdown("test", set("scifact", 0.667, 0.691, 0.732));

    assertThat(table)
        .contains("No set where the default is more than 0.01 nDCG@10 below its best leg.");
  }

  @Test
  void rowsOfAnotherSplitAreLeftOut() {
    String table = ReportTable.markdown("dev", set("scifact", 0.667, 0.691, 0.732));

    assertThat(table).doesNotContain("scifact");
  }

  @Test
  void withoutALegThereIsNoMargin() {
    assertThat(ReportTable.Margin.of(List.of(row("s", "hybrid+rerank", 0.7)))).isEmpty();
  }
}
