package io.streamrag.retrieval.rerank;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Reranker settings ({@code retrieval.rerank.*}). The local reranker is a cross-encoder when {@code
 * onnx.model-path} names one, else the fused order ({@link FusedOrderReranker}); with a base URL, a
 * Jina/Cohere-compatible rerank API ranks first and the local reranker takes over when it fails.
 *
 * @param baseUrl e.g. {@code https://api.jina.ai}; empty for the local reranker
 * @param apiKey bearer token of the rerank API
 * @param model the rerank model, e.g. {@code jina-reranker-v2-base-multilingual}
 * @param timeout the longest one rerank call may take
 * @param onnx a local cross-encoder the user supplies
 */
@ConfigurationProperties("retrieval.rerank")
public record RerankProperties(
    String baseUrl, String apiKey, String model, Duration timeout, Onnx onnx) {

  public RerankProperties {
    timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
    model = model == null || model.isBlank() ? "jina-reranker-v2-base-multilingual" : model;
    onnx = onnx == null ? new Onnx(null, null, 0, 0, 0) : onnx;
  }

  /** True when a rerank API is configured. */
  public boolean remote() {
    return baseUrl != null && !baseUrl.isBlank();
  }

  /**
   * A cross-encoder loaded by path ({@code retrieval.rerank.onnx.*}).
   *
   * @param modelPath its {@code .onnx} file; empty for none
   * @param tokenizerPath its {@code tokenizer.json}
   * @param maxTokens where a (question, passage) pair is cut; 512 when 0
   * @param scale Platt scale of the logit; 1 when 0 (the model's own sigmoid)
   * @param shift Platt shift of the logit
   */
  public record Onnx(
      String modelPath, String tokenizerPath, int maxTokens, double scale, double shift) {

    public Onnx {
      maxTokens = maxTokens <= 0 ? 512 : maxTokens;
      scale = scale == 0 ? 1 : scale;
      if (configured(modelPath)) {
        requireFile(modelPath, "model-path");
        requireFile(tokenizerPath, "tokenizer-path");
      }
      if (scale < 0) {
        throw new IllegalArgumentException("retrieval.rerank.onnx.scale must be positive");
      }
    }

    /** True when a cross-encoder is configured. */
    public boolean enabled() {
      return configured(modelPath);
    }

    /** The model and its tokenizer, loaded. */
    public CrossEncoderReranker load() {
      return CrossEncoderReranker.fromFiles(
          Path.of(modelPath),
          Path.of(tokenizerPath),
          maxTokens,
          new RelevanceCalibration(scale, shift));
    }

    private static boolean configured(String path) {
      return path != null && !path.isBlank();
    }

    private static void requireFile(String path, String key) {
      if (!configured(path) || !Files.isReadable(Path.of(path))) {
        throw new IllegalArgumentException(
            "retrieval.rerank.onnx."
                + key
                + " must name a readable file (a cross-encoder needs its .onnx and its"
                + " tokenizer.json), not '"
                + (path == null ? "" : path)
                + "'");
      }
    }
  }
}
