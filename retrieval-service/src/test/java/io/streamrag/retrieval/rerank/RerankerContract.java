package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.StoredChunk;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link Reranker} must do. Each adapter's test extends this class. */
abstract class RerankerContract {

  /** The reranker under test. */
  protected abstract Reranker reranker();

  @Test
  void theAnsweringPassageRanksFirstAndOnlyKeepAreKeptBestFirst() {
    var answer =
        candidate(
            "answer", "Irrigate wheat when soil moisture falls below half of available water.");
    var offTopic = candidate("off", "Saffron corms rest during the summer months.");
    var partial = candidate("partial", "Wheat is sown in autumn in most regions.");

    var ranked =
        reranker()
            .rerank(
                "When should I irrigate wheat by soil moisture?",
                List.of(offTopic, partial, answer),
                2);

    assertThat(ranked).hasSize(2);
    assertThat(ranked.get(0).candidate().chunk().pointId()).isEqualTo("answer");
    assertThat(ranked)
        .allSatisfy(r -> assertThat(r.relevance()).isBetween(0.0, 1.0))
        .isSortedAccordingTo((a, b) -> Double.compare(b.relevance(), a.relevance()));
  }

  @Test
  void itReturnsOnlyCandidatesItWasGiven() {
    var given = List.of(candidate("a", "drip irrigation"), candidate("b", "sprinkler irrigation"));

    var ranked = reranker().rerank("irrigation", given, 7);

    assertThat(ranked)
        .extracting(Reranker.Ranked::candidate)
        .containsExactlyInAnyOrderElementsOf(given);
  }

  @Test
  void noCandidatesGiveNoPassages() {
    assertThat(reranker().rerank("anything", List.of(), 3)).isEmpty();
  }

  static Candidate candidate(String id, String text) {
    return new Candidate(
        new StoredChunk(id, text, "src/" + id, "__global__", "chat", 0, "d-" + id, "en", null),
        0.01,
        1,
        0,
        0);
  }
}
