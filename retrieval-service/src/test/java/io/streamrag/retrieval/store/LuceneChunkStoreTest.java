package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneChunkStoreTest extends ChunkStoreContract {

  @Override
  protected ChunkStore newStore() {
    return LuceneChunkStore.open(null, DIM, "test/4");
  }

  @Test
  void anIndexSurvivesARestartWithItsOffsets(@TempDir Path dir) {
    try (var first = LuceneChunkStore.open(dir, DIM, "test/4")) {
      first.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
      first.checkpoint(Map.of(0, 1L));
    }

    try (var again = LuceneChunkStore.open(dir, DIM, "test/4")) {
      assertThat(again.size()).isEqualTo(1);
      assertThat(again.appliedOffsets()).containsEntry(0, 1L);
    }
  }

  @Test
  void anIndexBuiltWithAnotherModelRefusesToOpenAndSaysHowToReEmbed(@TempDir Path dir) {
    try (var first = LuceneChunkStore.open(dir, DIM, "old-model/4")) {
      first.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
      first.checkpoint(Map.of(0, 1L));
    }

    assertThatThrownBy(() -> LuceneChunkStore.open(dir, DIM, "new-model/4"))
        .hasMessageContaining("holds vectors of old-model/4")
        .hasMessageContaining("embeds questions with new-model/4")
        .hasMessageContaining("re-embed with ingest-service")
        .hasMessageContaining("RETRIEVAL_INDEX_PATH")
        .hasMessageContaining("rebuilt from index.changes");

    try (var again = LuceneChunkStore.open(dir, DIM, "old-model/4")) {
      assertThat(again.size()).as("a refused start leaves the index as it was").isEqualTo(1);
    }
  }
}
