package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.qdrant.FakeQdrantServer;
import io.streamrag.retrieval.store.qdrant.QdrantChunkStore;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.io.ClassPathResource;

/** {@code retrieval.store} picks the adapter, configured by retrieval-service.yml's keys. */
class ChunkStoreSelectionTest {

  @Test
  void theEmbeddedLuceneIndexIsTheDefault() throws IOException {
    var properties = bind(Map.of());

    try (var store = RetrievalWiring.storeOpener(properties).open(null, embedder())) {
      assertThat(store).isInstanceOf(LuceneChunkStore.class);
    }
  }

  @Test
  void storeQdrantReachesTheConfiguredServerOverGrpc() throws Exception {
    try (var qdrant = FakeQdrantServer.startOnPort()) {
      var properties =
          bind(
              Map.of(
                  "retrieval.store", "qdrant",
                  "retrieval.qdrant.port", qdrant.port(),
                  "retrieval.qdrant.collection", "farm_chunks"));

      try (var store = RetrievalWiring.storeOpener(properties).open(null, embedder())) {
        store.upsert(
            new StoredChunk(
                "a", "drip irrigation", "src", "__global__", "chat", 0, "d", "en", new float[4]));
        store.refresh();

        assertThat(store).isInstanceOf(QdrantChunkStore.class);
        assertThat(store.size()).isEqualTo(1);
      }
      try (var client = qdrant.client()) {
        assertThat(client.listCollectionsAsync().get()).containsExactly("farm_chunks_g1");
      }
    }
  }

  /** The service's own YAML, with its environment defaults, under these overrides. */
  private static RetrievalProperties bind(Map<String, Object> overrides) throws IOException {
    var sources = new MutablePropertySources();
    sources.addFirst(new MapPropertySource("test", overrides));
    new YamlPropertySourceLoader()
        .load("retrieval-service.yml", new ClassPathResource("retrieval-service.yml"))
        .forEach(sources::addLast);
    return new Binder(
            ConfigurationPropertySources.from(sources),
            new PropertySourcesPlaceholdersResolver(sources))
        .bind("retrieval", RetrievalProperties.class)
        .get();
  }

  private static Embedder embedder() {
    return new Embedder() {
      @Override
      public String modelId() {
        return "test/4";
      }

      @Override
      public int dimension() {
        return 4;
      }

      @Override
      public int maxTokens() {
        return 128;
      }

      @Override
      public Set<String> languages() {
        return Set.of();
      }

      @Override
      public float[] embed(String text) {
        return new float[4];
      }

      @Override
      public List<float[]> embedAll(List<String> texts) {
        return texts.stream().map(this::embed).toList();
      }
    };
  }
}
