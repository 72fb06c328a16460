package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LegVotesTest {

  private static final int K = 60;

  @Test
  void aLegWhoseFirstHitStandsOutOutvotesAFlatLegThatPrefersAnother() {
    // BM25 finds A far ahead of the rest; the dense leg's cosines barely differ and put B first
    var lexical = leg(new double[] {9, 2, 1.9, 1.8, 1.7}, "A", "B", "C", "D", "E");
    var dense = leg(new double[] {0.62, 0.61, 0.60, 0.60, 0.59}, "B", "C", "A", "D", "E");

    assertThat(first(FusionRule.SCORE_DISTRIBUTION, lexical, dense)).isEqualTo("A");
    // by rank alone, B's two places (2nd, 1st) beat A's (1st, 3rd), however sure BM25 was
    assertThat(first(FusionRule.RECIPROCAL_RANK, lexical, dense)).isEqualTo("B");
  }

  @Test
  void whenNeitherLegIsSureTheHitBothFindLeadsAsByRank() {
    var lexical = leg(new double[] {2.0, 1.9, 1.8, 1.7, 1.6}, "A", "B", "D", "C", "E");
    var dense = leg(new double[] {0.62, 0.61, 0.60, 0.59, 0.58}, "C", "B", "E", "D", "A");

    assertThat(first(FusionRule.SCORE_DISTRIBUTION, lexical, dense)).isEqualTo("B");
    assertThat(first(FusionRule.RECIPROCAL_RANK, lexical, dense)).isEqualTo("B");
  }

  @Test
  void aLegAloneKeepsItsOwnOrderEvenWhereItsVotesAreFloored() {
    double[] scores = new double[60];
    Arrays.fill(scores, 1.0); // far below the first 30 hits' distribution: floored at 0, tied
    scores[0] = 11; // 8 standard deviations above the first 30 hits' mean (9.89)
    for (int i = 1; i < 30; i++) {
      scores[i] = 10 - 0.01 * i;
    }

    double[] votes = LegVotes.of(FusionRule.SCORE_DISTRIBUTION, K, scores, 1);

    assertThat(votes[0]).isGreaterThan(1); // not capped: a hit far out keeps its lead
    for (int r = 1; r < votes.length; r++) {
      assertThat(votes[r]).as("rank %d", r + 1).isLessThan(votes[r - 1]).isGreaterThan(0);
    }
  }

  @Test
  void aLegWhoseHitsAllScoreAlikeGivesEachHalfItsWeight() {
    double[] votes = LegVotes.of(FusionRule.SCORE_DISTRIBUTION, K, new double[] {3, 3, 3}, 2);

    assertThat(votes[0]).isCloseTo(1.0, within(1e-4));
    assertThat(votes[2]).isCloseTo(1.0, within(1e-4));
  }

  @Test
  void reciprocalRankVotesByPlaceAlone() {
    double[] votes = LegVotes.of(FusionRule.RECIPROCAL_RANK, K, new double[] {9, 1}, 0.5);

    assertThat(votes).containsExactly(0.5 / 61, 0.5 / 62);
  }

  private record Leg(double[] scores, List<String> ids) {}

  private static Leg leg(double[] scores, String... ids) {
    return new Leg(scores, List.of(ids));
  }

  private static String first(FusionRule rule, Leg... legs) {
    Map<String, Double> fused = new HashMap<>();
    for (Leg leg : legs) {
      double[] votes = LegVotes.of(rule, K, leg.scores(), 1);
      for (int r = 0; r < votes.length; r++) {
        fused.merge(leg.ids().get(r), votes[r], Double::sum);
      }
    }
    return fused.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }
}
