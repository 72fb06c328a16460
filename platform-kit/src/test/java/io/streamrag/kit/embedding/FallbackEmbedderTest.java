package io.streamrag.kit.embedding;

import static io.streamrag.kit.embedding.OpenAiEmbedderTest.remote;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The contract, served by the second provider because the first is down. */
class FallbackEmbedderTest extends EmbedderContract {

  private static final FakeEmbeddingsServer SECOND = start();
  private static final Embedder FALLBACK =
      new FallbackEmbedder(List.of(remote(down(), 384), remote(SECOND.baseUrl(), 384)));

  @Override
  protected Embedder embedder() {
    return FALLBACK;
  }

  @AfterAll
  static void stop() {
    SECOND.close();
  }

  @Test
  void whenTheFirstProviderIsDownTheSecondServes() {
    int before = SECOND.batchSizes.size();

    float[] vector = FALLBACK.embed("frost risk tonight");

    assertThat(vector).containsExactly(BundledModel.EMBEDDER.embed("frost risk tonight"));
    assertThat(SECOND.batchSizes).hasSize(before + 1);
  }

  @Test
  void whenTheFirstProviderIsUpItServesAlone() throws IOException {
    try (var first = new FakeEmbeddingsServer(BundledModel.EMBEDDER);
        var second = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      var fallback =
          new FallbackEmbedder(
              List.of(remote(first.baseUrl(), 384), remote(second.baseUrl(), 384)));

      fallback.embedAll(List.of("a", "b"));

      assertThat(first.batchSizes).containsExactly(2);
      assertThat(second.batchSizes).isEmpty();
    }
  }

  @Test
  void whenEveryProviderFailsTheErrorNamesEachOfThem() throws IOException {
    try (var failing = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      failing.answerWith(401, "{\"error\":{\"message\":\"invalid api key\"}}");
      String down = down();
      var fallback =
          new FallbackEmbedder(List.of(remote(down, 384), remote(failing.baseUrl(), 384)));

      assertThatThrownBy(() -> fallback.embed("x"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("every embedding provider failed")
          .hasMessageContaining(down)
          .hasMessageContaining("HTTP 401")
          .hasMessageContaining("invalid api key");
    }
  }

  @Test
  void refusesToFallBackToAnotherModel() {
    var primary = remote(SECOND.baseUrl(), 384);
    var otherModel =
        new OpenAiEmbedder(
            SECOND.baseUrl(), "k", "other-model", 384, 128, Set.of(), Duration.ofSeconds(5));

    assertThatThrownBy(() -> new FallbackEmbedder(List.of(primary, otherModel)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("same model")
        .hasMessageContaining("fake-minilm/384")
        .hasMessageContaining("other-model/384");
  }

  @Test
  void refusesToFallBackToAnotherDimensionOfTheSameModel() {
    assertThatThrownBy(
            () ->
                new FallbackEmbedder(
                    List.of(remote(SECOND.baseUrl(), 384), remote(SECOND.baseUrl(), 256))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fake-minilm/256");
  }

  private static String down() {
    try {
      return FakeEmbeddingsServer.nothingListening();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static FakeEmbeddingsServer start() {
    try {
      return new FakeEmbeddingsServer(BundledModel.EMBEDDER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
