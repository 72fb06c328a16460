package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qdrant.client.grpc.Collections.AliasDescription;
import io.streamrag.retrieval.store.qdrant.FakeQdrantServer;
import io.streamrag.retrieval.store.qdrant.QdrantChunkStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shared contract, and generations, against the Qdrant protocol through a fake server. */
class QdrantChunkStoreTest extends ChunkStoreContract {

  private static final String ALIAS = "chunks";

  private final FakeQdrantServer qdrant = FakeQdrantServer.start();

  @Override
  protected ChunkStore newStore() {
    return open("test/4", false);
  }

  @AfterEach
  void stopQdrant() {
    qdrant.close();
  }

  @Test
  void aStoreSurvivesARestartWithItsChunksAndOffsets() {
    store.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
    store.checkpoint(Map.of(0, 1L));
    store.close();

    store = open("test/4", false);

    assertThat(store.size()).isEqualTo(1);
    assertThat(store.appliedOffsets()).containsEntry(0, 1L);
    assertThat(ids(lexical("saffron", MINE, "chat"))).containsExactly("a");
  }

  @Test
  void aNewGenerationTakesOverTheAliasAndIsRebuiltFromTheStart() throws Exception {
    store.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
    store.checkpoint(Map.of(0, 5L));
    var first = (QdrantChunkStore) store;

    var next = open("test/4", true);
    try {
      assertThat(first.collection()).isEqualTo("chunks_g1");
      assertThat(next.collection()).isEqualTo("chunks_g2");
      assertThat(aliases()).containsExactly("chunks -> chunks_g2");
      // searches through the alias now see the new, empty generation
      assertThat(ids(lexical("saffron", MINE, "chat"))).isEmpty();
      assertThat(next.size()).isZero();
      assertThat(next.appliedOffsets()).isEmpty();
      // the old generation is kept for a rollback
      try (var client = qdrant.client()) {
        assertThat(client.listCollectionsAsync().get()).contains("chunks_g1", "chunks_g2");
      }
    } finally {
      next.close();
    }
  }

  @Test
  void aCollectionBuiltWithAnotherModelRefusesToOpenAndSaysWhatToDo() throws Exception {
    store.checkpoint(Map.of(0, 1L));

    assertThatThrownBy(() -> open("new-model/4", false))
        .hasMessageContaining("test/4")
        .hasMessageContaining("new-generation")
        .hasMessageContaining("re-embedding");

    try (var rebuilt = open("new-model/4", true)) {
      assertThat(rebuilt.appliedOffsets()).isEmpty();
      assertThat(aliases()).containsExactly("chunks -> chunks_g2");
    }
  }

  private QdrantChunkStore open(String model, boolean newGeneration) {
    return QdrantChunkStore.open(qdrant.client(), ALIAS, DIM, model, newGeneration);
  }

  private List<String> aliases() throws InterruptedException, ExecutionException {
    try (var client = qdrant.client()) {
      return client.listAliasesAsync().get().stream()
          .map((AliasDescription a) -> a.getAliasName() + " -> " + a.getCollectionName())
          .toList();
    }
  }
}
