package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qdrant.client.ValueFactory;
import io.qdrant.client.grpc.Collections.AliasDescription;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorParamsMap;
import io.qdrant.client.grpc.Collections.VectorsConfig;
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

  @Test
  void aCollectionInTheOldOneVectorLayoutIsReplacedByANewGenerationRebuiltFromTheTopic()
      throws Exception {
    // Given the collection of the previous version: one plain dense vector, no layout recorded
    store.close();
    try (var client = qdrant.client()) {
      client
          .createCollectionAsync(
              CreateCollection.newBuilder()
                  .setCollectionName("old_g1")
                  .setVectorsConfig(
                      VectorsConfig.newBuilder()
                          .setParamsMap(
                              VectorParamsMap.newBuilder()
                                  .putMap(
                                      "dense",
                                      VectorParams.newBuilder()
                                          .setSize(DIM)
                                          .setDistance(Distance.Cosine)
                                          .build())))
                  .putMetadata("embedding_model", ValueFactory.value("test/4"))
                  .putMetadata("dimension", ValueFactory.value(DIM))
                  .build())
          .get();
      client.createAliasAsync("old", "old_g1").get();
    }

    // When this version opens it
    store = QdrantChunkStore.open(qdrant.client(), "old", DIM, "test/4", false);

    // Then a new, empty generation serves, and the old one is kept
    assertThat(((QdrantChunkStore) store).collection()).isEqualTo("old_g2");
    assertThat(store.appliedOffsets()).isEmpty();
    store.upsert(windowed("w", "frost", new float[] {1, 0, 0, 0}, new float[] {0, 1, 0, 0}));
    store.refresh();
    assertThat(ids(store.search(dense(new float[] {0, 1, 0, 0}, WindowScore.MAX))))
        .containsExactly("w");
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
