package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.StoredChunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class FusedOrderRerankerTest {

  final FusedOrderReranker reranker = new FusedOrderReranker();

  @Test
  void theSearchOrderIsKeptAndThePassageCoveringMoreOfTheQuestionIsMoreRelevant() {
    var weak = candidate("weak", "Wheat is sown in autumn.", 0.05);
    var strong =
        candidate(
            "strong",
            "Irrigate wheat when soil moisture falls below 50 % of available water.",
            0.06);
    var none = candidate("none", "Saffron corms rest in summer.", 0.04);

    var ranked =
        reranker.rerank(
            "When should I irrigate wheat by soil moisture?", List.of(weak, strong, none), 2);

    assertThat(ranked)
        .extracting(r -> r.candidate().chunk().pointId())
        .containsExactly("strong", "weak");
    assertThat(ranked.get(1).relevance()).isGreaterThan(0);
    assertThat(ranked.get(0).relevance())
        .isBetween(0.0, 1.0)
        .isGreaterThan(ranked.get(1).relevance());
  }

  @Test
  void aPassageMatchingMoreWordsDoesNotOvertakeABetterSearchHit() {
    var first = candidate("first", "Irrigation scheduling by crop water demand.", 0.05);
    var wordy = candidate("wordy", "When should I irrigate wheat by soil moisture?", 0.01);

    var ranked =
        reranker.rerank("When should I irrigate wheat by soil moisture?", List.of(wordy, first), 2);

    assertThat(ranked)
        .extracting(r -> r.candidate().chunk().pointId())
        .containsExactly("first", "wordy");
    assertThat(ranked.get(1).relevance()).isGreaterThan(ranked.get(0).relevance());
  }

  @Test
  void aPersianPassageHoldingEveryTermIsAsRelevantAsAnEnglishOne() {
    // the Persian question's terms are found after normalisation (ي → ی, ك → ک)
    var fa = candidate("fa", "رطوبت خاک را هر روز بررسی کنید", 0.01);
    var en = candidate("en", "Check the soil moisture every day.", 0.01);

    var persian = reranker.rerank("رطوبت خاك", List.of(fa), 3);
    var english = reranker.rerank("soil moisture", List.of(en), 3);

    assertThat(persian.get(0).relevance())
        .isEqualTo(english.get(0).relevance())
        .isEqualTo(FusedOrderReranker.round(FusedOrderReranker.CALIBRATION.probability(1.0)));
  }

  static Candidate candidate(String id, String text, double fused) {
    return new Candidate(
        new StoredChunk(id, text, "s", "__global__", "chat", 0, "d", "en", null), fused, 1, 0, 0);
  }
}
