package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.ChunkStoreContract.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} does with a question whose embedding is still being made while it
 * searches ({@link QuestionVector}); part of {@link ChunkStoreContract}, which every adapter's test
 * extends.
 */
interface EmbeddingContract {

  ChunkStore store();

  @Test
  default void aQuestionStillBeingEmbeddedIsSearchedByBothLegsOnceItsVectorArrives() {
    // Given one chunk each leg finds, and one both find
    store().upsert(chunk("both", "drip irrigation", "__global__", "chat", 1, 0, 0, 0));
    store().upsert(chunk("words", "irrigation tips", "__global__", "chat"));
    store().upsert(chunk("vector", "unrelated", "__global__", "chat", 0.9f, 0.1f, 0, 0));
    store().refresh();
    float[] question = {1, 0, 0, 0};

    // When the vector arrives 100 ms after the search started
    var late =
        CompletableFuture.supplyAsync(
            () -> question, CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS));
    var pending = store().search(hybrid(QuestionVector.later(late)));

    // Then the search waited for it: the same hits, ranks and scores as with the vector made first
    var ready = store().search(hybrid(QuestionVector.of(question)));
    assertThat(ids(pending))
        .containsExactlyInAnyOrder("both", "vector", "words")
        .startsWith("both");
    assertThat(ranks(pending)).isEqualTo(ranks(ready));
  }

  @Test
  default void aQuestionWhoseEmbeddingFailedIsSearchedByItsWordsAlone() {
    store().upsert(chunk("words", "irrigation tips", "__global__", "chat"));
    store().upsert(chunk("vector", "unrelated", "__global__", "chat", 1, 0, 0, 0));
    store().refresh();

    var failed =
        CompletableFuture.<float[]>failedFuture(new IllegalStateException("embedder is down"));
    var hits = store().search(hybrid(QuestionVector.later(failed)));

    assertThat(ids(hits)).containsExactly("words");
    assertThat(hits.get(0).lexicalRank()).isEqualTo(1);
    assertThat(hits.get(0).denseRank()).isZero();
  }

  /** Each hit's id, leg ranks and fused score. */
  private static List<String> ranks(List<Candidate> hits) {
    return hits.stream()
        .map(
            h ->
                h.chunk().pointId()
                    + " "
                    + h.lexicalRank()
                    + " "
                    + h.denseRank()
                    + " "
                    + (float) h.fusedScore())
        .toList();
  }

  private static SearchQuery hybrid(QuestionVector vector) {
    return new SearchQuery(
        "drip irrigation",
        vector,
        TenantFilter.of(MINE, List.of("chat")),
        10,
        1,
        1,
        60,
        "en",
        WindowScore.MAX,
        FusionRule.RECIPROCAL_RANK);
  }
}
