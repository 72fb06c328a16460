package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchQueryTest {

  final SearchQuery query =
      new SearchQuery(
          "when to irrigate maize",
          null,
          TenantFilter.of("550e8400-e29b-41d4-a716-446655440000", List.of("irrigation")),
          7,
          1.0,
          0.5,
          60);

  @Test
  void aHitAddsItsLegsWeightOverTheRankConstantPlusItsRank() {
    assertThat(query.reciprocalRank(1.0, 1)).isCloseTo(1.0 / 61, within(1e-15));
    assertThat(query.reciprocalRank(0.5, 3)).isCloseTo(0.5 / 63, within(1e-15));
  }

  @Test
  void aBetterRankInTheSameLegAlwaysAddsMore() {
    assertThat(query.reciprocalRank(1.0, 1)).isGreaterThan(query.reciprocalRank(1.0, 2));
  }

  @Test
  void aLegOfWeightZeroAddsNothing() {
    assertThat(query.reciprocalRank(0, 1)).isZero();
  }
}
