package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.ChunkStoreContract.MINE;
import static io.streamrag.retrieval.store.ChunkStoreContract.chunk;
import static io.streamrag.retrieval.store.ChunkStoreContract.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} does when compacted ({@link ChunkStore#compact}); part of {@link
 * ChunkStoreContract}, which every adapter's test extends.
 */
interface CompactionContract {

  ChunkStore store();

  @Test
  default void compactingChangesNoResultAndTheStoreGoesOnTakingChanges() {
    var store = store();
    for (int i = 0; i < 3; i++) { // three refreshes: three segments in Lucene
      store.upsert(
          chunk("k" + i, "drip irrigation line number " + i, "__global__", "chat", 1, i, 0, 0));
      store.upsert(chunk("p" + i, "pest scouting week " + i, "__global__", "chat", 0, 0, 1, i));
      store.refresh();
    }
    store.upsert(chunk("mine", "my drip line is dry", MINE, "__all__", 1, 0, 0, 0));
    store.refresh();
    var lexicalBefore = search(store, "drip irrigation line", null);
    var denseBefore = search(store, "", new float[] {1, 0.5f, 0, 0});

    store.compact(Duration.ZERO);

    assertThat(search(store, "drip irrigation line", null)).isEqualTo(lexicalBefore);
    assertThat(search(store, "", new float[] {1, 0.5f, 0, 0})).isEqualTo(denseBefore);
    assertThat(lexicalBefore).contains("k0", "k1", "k2", "mine").doesNotContain("p0");

    store.upsert(
        chunk("k3", "drip irrigation line number three", "__global__", "chat", 1, 0, 0, 0));
    store.delete("k0");
    store.refresh();
    assertThat(search(store, "drip irrigation line", null)).contains("k3").doesNotContain("k0");
  }

  @Test
  default void knowledgeThatJustChangedIsNotCompacted() {
    var store = store();
    store.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
    store.refresh();
    store.upsert(chunk("b", "saffron corms", "__global__", "chat", 0, 1, 0, 0));
    store.refresh();

    assertThat(store.compact(Duration.ofHours(1))).isEmpty();
    assertThat(search(store, "saffron", null)).containsExactlyInAnyOrder("a", "b");
  }

  private static List<String> search(ChunkStore store, String text, float[] vector) {
    var filter = TenantFilter.of(MINE, List.of("chat"));
    var q =
        new SearchQuery(
            text, vector, filter, 10, vector == null ? 1 : 0, vector == null ? 0 : 1, 60, "en");
    return ids(store.search(q));
  }
}
