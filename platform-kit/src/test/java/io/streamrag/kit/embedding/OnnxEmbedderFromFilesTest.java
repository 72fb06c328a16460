package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model brought as files: the bundled model's own {@code .onnx} and tokenizer, copied out of
 * their jar into a folder as a user would download them, so the vectors can be compared.
 */
class OnnxEmbedderFromFilesTest extends EmbedderContract {

  @TempDir static Path folder;
  private static Path model;
  private static Path tokenizer;
  private static ExecutorService executor;
  private static Embedder fromFiles;

  @BeforeAll
  static void copyTheModelOutOfItsJar() throws IOException {
    model = copy("/all-minilm-l6-v2-q.onnx", "model.onnx");
    tokenizer = copy("/all-minilm-l6-v2-q-tokenizer.json", "tokenizer.json");
    executor = Executors.newFixedThreadPool(2);
    fromFiles =
        OnnxEmbedder.fromFiles(
            model, tokenizer, "all-minilm-l6-v2-q", 0, PoolingMode.MEAN, Set.of("en"), executor);
  }

  @AfterAll
  static void stop() {
    executor.shutdown();
  }

  @Override
  protected Embedder embedder() {
    return fromFiles;
  }

  @Test
  void theSameModelFromFilesGivesTheBundledVectors() {
    for (String text : List.of("soil moisture", "کود نیتروژن", "frost risk tonight")) {
      assertThat(fromFiles.embed(text)).containsExactly(BundledModel.EMBEDDER.embed(text));
    }
    assertThat(fromFiles.modelId()).isEqualTo(BundledModel.EMBEDDER.modelId());
  }

  @Test
  void withoutADeclaredLimitItReadsAsFarAsTheTokenizerTruncates() {
    assertThat(fromFiles.maxTokens()).isEqualTo(128);
  }

  @Test
  void refusesToPromiseMoreTokensThanTheTokenizerLetsThrough() {
    assertThatThrownBy(
            () ->
                OnnxEmbedder.fromFiles(
                    model, tokenizer, "minilm", 256, PoolingMode.MEAN, Set.of(), executor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("truncates every text at 128 tokens")
        .hasMessageContaining("max-tokens <= 128");
  }

  @Test
  void aMissingModelFileIsNamed() {
    Path missing = folder.resolve("multilingual.onnx");

    assertThatThrownBy(
            () ->
                OnnxEmbedder.fromFiles(
                    missing, tokenizer, "m", 0, PoolingMode.MEAN, Set.of(), executor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ONNX model file " + missing)
        .hasMessageContaining("does not exist or cannot be read");
  }

  @Test
  void aMissingTokenizerIsNamed() {
    Path missing = folder.resolve("no-tokenizer.json");

    assertThatThrownBy(
            () ->
                OnnxEmbedder.fromFiles(
                    model, missing, "m", 0, PoolingMode.MEAN, Set.of(), executor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tokenizer file " + missing);
  }

  @Test
  void aFileThatIsNotAModelIsRefusedWithItsPath() throws IOException {
    Path notAModel = Files.writeString(folder.resolve("notes.onnx"), "not a model");

    assertThatThrownBy(
            () ->
                OnnxEmbedder.fromFiles(
                    notAModel, tokenizer, "m", 0, PoolingMode.MEAN, Set.of(), executor))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot load the model " + notAModel);
  }

  private static Path copy(String resource, String name) throws IOException {
    try (InputStream in =
        AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(resource)) {
      Path target = folder.resolve(name);
      Files.copy(in, target);
      return target;
    }
  }
}
