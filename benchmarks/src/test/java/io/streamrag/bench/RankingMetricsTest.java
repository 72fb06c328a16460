package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RankingMetricsTest {

  @Test
  void theRelevantDocumentFirstScoresOneEverywhere() {
    var m = RankingMetrics.of(List.of("a", "b"), Map.of("a", 1), 10);

    assertThat(m).isEqualTo(new RankingMetrics(1, 1, 1, 1, 1));
  }

  @Test
  void aRelevantDocumentSecondIsDiscountedByLog2OfThree() {
    var m = RankingMetrics.of(List.of("x", "a"), Map.of("a", 1), 10);

    assertThat(m.ndcg()).isCloseTo(1 / (Math.log(3) / Math.log(2)), within(1e-9));
    assertThat(m.mrr()).isEqualTo(0.5);
    assertThat(m.hit1()).isZero();
    assertThat(m.hitK()).isEqualTo(1);
  }

  @Test
  void gradedGainsRewardTheBetterDocumentFirst() {
    var judged = Map.of("great", 2, "fair", 1);

    var right = RankingMetrics.of(List.of("great", "fair"), judged, 10);
    var swapped = RankingMetrics.of(List.of("fair", "great"), judged, 10);

    assertThat(right.ndcg()).isCloseTo(1, within(1e-9));
    assertThat(swapped.ndcg()).isLessThan(right.ndcg());
  }

  @Test
  void aDocumentBelowTheCutoffCountsForNothing() {
    var m = RankingMetrics.of(List.of("x", "y", "a"), Map.of("a", 1, "b", 1), 2);

    assertThat(m).isEqualTo(new RankingMetrics(0, 0, 0, 0, 0));
  }
}
