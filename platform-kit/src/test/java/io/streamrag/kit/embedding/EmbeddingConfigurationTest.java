package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A service that imports streamrag-embedding.yml gets the embedder its environment chooses. */
class EmbeddingConfigurationTest {

  private final ApplicationContextRunner service =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(EmbeddingConfiguration.class))
          .withInitializer(new ConfigDataApplicationContextInitializer())
          .withPropertyValues("spring.config.import=classpath:streamrag-embedding.yml");

  @Test
  void withNothingSetTheBundledModelEmbeds() {
    service.run(
        context ->
            assertThat(context.getBean(Embedder.class).modelId())
                .isEqualTo("all-minilm-l6-v2-q/384"));
  }

  @Test
  void twoBaseUrlsGiveAnOrderedFallbackOfOneModel() {
    service
        .withSystemProperties(
            "EMBEDDING_PROVIDER=openai",
            "EMBEDDING_OPENAI_BASE_URLS=https://gapgpt.example/v1,https://avalai.example/v1",
            "EMBEDDING_OPENAI_API_KEY=k",
            "EMBEDDING_OPENAI_MODEL=text-embedding-3-small",
            "EMBEDDING_OPENAI_DIMENSION=1536",
            "EMBEDDING_OPENAI_LANGUAGES=fa,en")
        .run(
            context -> {
              var embedder = context.getBean(Embedder.class);
              assertThat(embedder).isInstanceOf(FallbackEmbedder.class);
              assertThat(embedder.toString())
                  .isEqualTo(
                      "fallback [https://gapgpt.example/v1/embeddings,"
                          + " https://avalai.example/v1/embeddings]");
              assertThat(embedder.modelId()).isEqualTo("text-embedding-3-small/1536");
              assertThat(embedder.languages()).containsExactlyInAnyOrder("fa", "en");
              assertThat(embedder.maxTokens()).isEqualTo(512);
            });
  }

  @Test
  void oneBaseUrlNeedsNoFallback() {
    service
        .withPropertyValues(
            "embedding.provider=openai",
            "embedding.openai.base-urls=http://localhost:11434/v1",
            "embedding.openai.model=bge-m3",
            "embedding.openai.dimension=1024")
        .run(
            context -> {
              assertThat(context.getBean(Embedder.class)).isInstanceOf(OpenAiEmbedder.class);
              assertThat(context.getBean(Embedder.class).languages()).isEmpty();
            });
  }

  @Test
  void eachEndpointOfAFallbackSendsItsOwnKey() throws Exception {
    try (var primary = new FakeEmbeddingsServer(BundledModel.EMBEDDER);
        var secondary = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      service
          .withPropertyValues(
              "embedding.provider=openai",
              "embedding.openai.base-urls="
                  + FakeEmbeddingsServer.nothingListening()
                  + ","
                  + primary.baseUrl()
                  + ","
                  + secondary.baseUrl(),
              "embedding.openai.api-key=key-down,key-primary,key-secondary",
              "embedding.openai.model=fake-minilm",
              "embedding.openai.dimension=384")
          .run(
              context -> {
                context.getBean(Embedder.class).embed("x");

                assertThat(primary.lastAuthorization.get()).isEqualTo("Bearer key-primary");
                assertThat(secondary.batchSizes).isEmpty();
              });
    }
  }

  @Test
  void asManyKeysAsEndpointsOrOne() {
    service
        .withPropertyValues(
            "embedding.provider=openai",
            "embedding.openai.base-urls=http://a/v1,http://b/v1,http://c/v1",
            "embedding.openai.api-key=k1,k2",
            "embedding.openai.model=m",
            "embedding.openai.dimension=8")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("holds 2 keys for 3 base URLs"));
  }

  @Test
  void anOpenAiProviderWithoutADimensionStopsStartUpNamingTheKey() {
    service
        .withPropertyValues(
            "embedding.provider=openai",
            "embedding.openai.base-urls=http://localhost:11434/v1",
            "embedding.openai.model=bge-m3")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("EMBEDDING_OPENAI_DIMENSION"));
  }

  @Test
  void anOnnxProviderWithoutAModelPathStopsStartUpNamingTheKey() {
    service
        .withSystemProperties("EMBEDDING_PROVIDER=onnx")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("embedding.onnx.model-path (EMBEDDING_ONNX_MODEL_PATH)"));
  }

  @Test
  void aServiceThatDoesNotImportTheEmbeddingKeysGetsNoEmbedder() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(EmbeddingConfiguration.class))
        .run(context -> assertThat(context).doesNotHaveBean(Embedder.class));
  }

  @Test
  void aServiceWithAnEmbedderOfItsOwnKeepsIt() {
    service
        .withBean("custom", Embedder.class, () -> BundledModel.EMBEDDER)
        .run(
            context -> assertThat(context.getBean(Embedder.class)).isSameAs(BundledModel.EMBEDDER));
  }
}
