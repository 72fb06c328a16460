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
  void theAnsweringPassageGetsTheHighestRelevanceAndOnlyKeepAreKept() {
    var answer =
        candidate(
            "answer", "Irrigate wheat when soil moisture falls below half of available water.");
    var offTopic = candidate("off", "Saffron corms rest during the summer months.");
    var partial = candidate("partial", "Wheat is sown in autumn in most regions.");
    String question = "When should I irrigate wheat by soil moisture?";

    var all = reranker().rerank(question, List.of(offTopic, partial, answer), 3);
    var two = reranker().rerank(question, List.of(offTopic, partial, answer), 2);

    assertThat(all).allSatisfy(r -> assertThat(r.relevance()).isBetween(0.0, 1.0));
    assertThat(all.stream().max(java.util.Comparator.comparingDouble(Reranker.Ranked::relevance)))
        .get()
        .extracting(r -> r.candidate().chunk().pointId())
        .isEqualTo("answer");
    assertThat(two).hasSize(2);
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
    return candidate(id, text, 0.01);
  }

  static Candidate candidate(String id, String text, double fused) {
    return new Candidate(
        new StoredChunk(id, text, "src/" + id, "__global__", "chat", 0, "d-" + id, "en", null),
        fused,
        1,
        0,
        0);
  }
}
