package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.ChunkStoreContract.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} does with a chunk embedded as several windows; part of {@link
 * ChunkStoreContract}, which every adapter's test extends.
 */
interface WindowContract {

  ChunkStore store();

  @Test
  default void aLongChunkWhoseAnswerIsOnlyInItsLastWindowIsFoundByTheDenseLegAlone() {
    // Given a long chunk embedded as three windows, the answer only in the last one
    store()
        .upsert(
            windowed(
                "long",
                "Orchard frost guide: site, varieties, and finally how to run wind machines",
                new float[] {0, 0, 0, 1},
                new float[] {0, 0, 1, 0},
                new float[] {1, 0, 0, 0}));
    store().upsert(chunk("short", "Wind direction basics", "__global__", "chat", 0.6f, 0.8f, 0, 0));
    store().refresh();

    // When only the dense leg searches, with the question near the last window
    var hits = store().search(ContractSearches.dense(new float[] {1, 0, 0, 0}, WindowScore.MAX));

    // Then the long chunk ranks first, at its best window's similarity, once, as one chunk
    assertThat(ids(hits)).containsExactly("long", "short");
    assertThat(hits.get(0).denseSimilarity()).isCloseTo(1.0, within(1e-5));
    assertThat(hits.get(0).chunk().text()).contains("wind machines");
    assertThat(store().size()).isEqualTo(2);

    // And deleting the chunk deletes its windows
    store().delete("long");
    store().refresh();
    assertThat(
            ids(store().search(ContractSearches.dense(new float[] {1, 0, 0, 0}, WindowScore.MAX))))
        .containsExactly("short");
  }

  @Test
  default void
      scoredByTheMeanOfItsWindowsAChunkAboutTheQuestionThroughoutOutranksOneTouchingItOnce() {
    store()
        .upsert(
            windowed(
                "once",
                "Orchard frost guide",
                new float[] {0, 0, 0, 1},
                new float[] {0, 0, 1, 0},
                new float[] {1, 0, 0, 0}));
    store()
        .upsert(
            windowed(
                "throughout",
                "Wind machines",
                new float[] {0.8f, 0.6f, 0, 0},
                new float[] {0.8f, 0, 0.6f, 0}));
    store().refresh();
    float[] question = {1, 0, 0, 0};

    var best = store().search(ContractSearches.dense(question, WindowScore.MAX));
    var mean = store().search(ContractSearches.dense(question, WindowScore.MEAN));

    assertThat(ids(best)).containsExactly("once", "throughout");
    assertThat(ids(mean)).containsExactly("throughout", "once");
    assertThat(mean.get(0).denseSimilarity()).isCloseTo(0.8, within(1e-5));
    assertThat(mean.get(1).denseSimilarity()).isCloseTo(1.0 / 3, within(1e-5));
  }
}
