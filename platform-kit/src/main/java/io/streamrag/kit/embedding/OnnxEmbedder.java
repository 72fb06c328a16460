package io.streamrag.kit.embedding;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.DimensionAwareEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * An ONNX sentence-embedding model run in-process by ONNX Runtime: no network, no key. The default
 * is all-MiniLM-L6-v2 (quantized, 384 dimensions) shipped inside a Maven artifact.
 */
public final class OnnxEmbedder implements Embedder {

  /** The bundled tokenizer truncates at 128 word pieces (STACK.md trap 12). */
  private static final int BUNDLED_MAX_TOKENS = 128;

  private final DimensionAwareEmbeddingModel model;
  private final String name;
  private final int maxTokens;

  private OnnxEmbedder(DimensionAwareEmbeddingModel model, String name, int maxTokens) {
    this.model = model;
    this.name = name;
    this.maxTokens = maxTokens;
  }

  /**
   * The bundled all-MiniLM-L6-v2 (quantized).
   *
   * @param executor runs batch embeddings; pass a bounded one so ONNX never takes every core
   */
  public static OnnxEmbedder bundledMiniLm(Executor executor) {
    return new OnnxEmbedder(
        new AllMiniLmL6V2QuantizedEmbeddingModel(executor),
        "all-minilm-l6-v2-q",
        BUNDLED_MAX_TOKENS);
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
}
