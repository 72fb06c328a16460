package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class OpenAiEmbedderTest extends EmbedderContract {

  private static final FakeEmbeddingsServer SERVER = start();
  private static final Embedder REMOTE = remote(SERVER.baseUrl(), 384);

  @Override
  protected Embedder embedder() {
    return REMOTE;
  }

  @AfterAll
  static void stop() {
    SERVER.close();
  }

  @Test
  void givesTheVectorsOfTheModelBehindTheEndpoint() {
    assertThat(REMOTE.embed("soil moisture is low"))
        .containsExactly(BundledModel.EMBEDDER.embed("soil moisture is low"));
    assertThat(REMOTE.modelId()).isEqualTo("fake-minilm/384");
  }

  @Test
  void sendsAtMost32TextsPerRequest() throws IOException {
    try (var server = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      var texts = IntStream.range(0, 70).mapToObj(i -> "reading " + i).toList();

      var vectors = remote(server.baseUrl(), 384).embedAll(texts);

      assertThat(server.batchSizes).containsExactly(32, 32, 6);
      assertThat(vectors).hasSize(70);
      assertThat(vectors.get(69)).containsExactly(BundledModel.EMBEDDER.embed("reading 69"));
    }
  }

  @Test
  void sendsTheKeyAsABearerToken() throws IOException {
    try (var server = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      remote(server.baseUrl(), 384).embed("x");

      assertThat(server.lastAuthorization.get()).isEqualTo("Bearer test-key");
    }
  }

  @Test
  void aServerErrorIsReportedWithTheEndpointAndItsAnswer() throws IOException {
    try (var server = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      server.answerWith(503, "{\"error\":{\"message\":\"model overloaded\"}}");

      assertThatThrownBy(() -> remote(server.baseUrl(), 384).embed("x"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining(server.baseUrl())
          .hasMessageContaining("HTTP 503")
          .hasMessageContaining("model overloaded");
    }
  }

  @Test
  void anAnswerThatIsNotJsonIsReportedAsSuch() throws IOException {
    try (var server = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      server.answerWith(200, "<html>502 Bad Gateway</html>");

      assertThatThrownBy(() -> remote(server.baseUrl(), 384).embed("x"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("is not JSON")
          .hasMessageContaining("502 Bad Gateway");
    }
  }

  @Test
  void anAnswerWithTooFewVectorsIsRefused() throws IOException {
    try (var server = new FakeEmbeddingsServer(BundledModel.EMBEDDER)) {
      server.answerWith(200, "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2]}]}");

      assertThatThrownBy(() -> remote(server.baseUrl(), 2).embedAll(java.util.List.of("a", "b")))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("does not hold 2 vectors");
    }
  }

  @Test
  void aModelOfAnotherDimensionThanConfiguredSaysWhichKeyToFix() {
    assertThatThrownBy(() -> remote(SERVER.baseUrl(), 768).embed("x"))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("384 dimensions")
        .hasMessageContaining("768 were configured")
        .hasMessageContaining("embedding.openai.dimension");
  }

  @Test
  void anEndpointThatIsDownIsNamed() throws IOException {
    String down = FakeEmbeddingsServer.nothingListening();

    assertThatThrownBy(() -> remote(down, 384).embed("x"))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining(down)
        .hasMessageContaining("unreachable");
  }

  static OpenAiEmbedder remote(String baseUrl, int dimension) {
    return new OpenAiEmbedder(
        baseUrl, "test-key", "fake-minilm", dimension, 128, Set.of("en"), Duration.ofSeconds(30));
  }

  private static FakeEmbeddingsServer start() {
    try {
      return new FakeEmbeddingsServer(BundledModel.EMBEDDER);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
