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
  void relevanceIsAProbabilityThatRisesWithRelevanceAcrossQuestions() {
    // given a labelled sample: per question, an off-topic, an on-topic and an answering passage
    double[] sum = new double[3];
    double[] count = new double[3];
    for (var judged : LabelledSample.QUESTIONS) {
      var byId = new java.util.HashMap<String, LabelledSample.Judged>();
      var candidates = new java.util.ArrayList<Candidate>();
      for (var j : judged) {
        String id = "g" + j.grade();
        byId.put(id, j);
        candidates.add(candidate(id, j.passage(), 0.01 * (1 + candidates.size())));
      }

      // when each question's passages are reranked
      var ranked = reranker().rerank(judged.get(0).question(), candidates, 3);

      // then every relevance is in [0, 1] and the answer beats the off-topic passage
      var relevance = new java.util.HashMap<String, Double>();
      ranked.forEach(r -> relevance.put(r.candidate().chunk().pointId(), r.relevance()));
      assertThat(relevance.values()).allSatisfy(v -> assertThat(v).isBetween(0.0, 1.0));
      assertThat(relevance.get("g2")).isGreaterThan(relevance.get("g0"));
      relevance.forEach(
          (id, v) -> {
            sum[byId.get(id).grade()] += v;
            count[byId.get(id).grade()]++;
          });
    }
    // and, pooled over questions, the mean relevance rises with the grade
    assertThat(sum[1] / count[1]).isGreaterThan(sum[0] / count[0]);
    assertThat(sum[2] / count[2]).isGreaterThan(sum[1] / count[1]);
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
