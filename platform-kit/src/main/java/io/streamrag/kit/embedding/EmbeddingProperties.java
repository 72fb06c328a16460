package io.streamrag.kit.embedding;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which embedder ingest and retrieval use ({@code embedding.*}, from {@code
 * streamrag-embedding.yml}, which both import so that they embed with the same model). Each
 * provider checks its own keys and names the missing one.
 *
 * @param provider {@code EMBEDDING_PROVIDER}: {@code bundled} (the in-process MiniLM, English),
 *     {@code onnx} (a model the user supplies as files) or {@code openai} (an OpenAI-compatible
 *     endpoint)
 * @param onnx the user-supplied model, for {@code onnx}
 * @param openai the endpoints, for {@code openai}
 */
@ConfigurationProperties("embedding")
public record EmbeddingProperties(
    @DefaultValue("bundled") Provider provider,
    @DefaultValue Onnx onnx,
    @DefaultValue OpenAi openai) {

  /**
   * The embedder these keys choose.
   *
   * @param executor runs the texts of an in-process model's batch in parallel
   */
  public Embedder embedder(java.util.concurrent.Executor executor) {
    return switch (provider) {
      case BUNDLED -> OnnxEmbedder.bundledMiniLm(executor);
      case ONNX -> onnx.embedder(executor);
      case OPENAI -> openai.embedder();
    };
  }

  /** Where vectors come from. */
  public enum Provider {
    BUNDLED,
    ONNX,
    OPENAI
  }

  /**
   * A model the user supplies, e.g. a multilingual one.
   *
   * @param modelPath {@code EMBEDDING_ONNX_MODEL_PATH}, the {@code .onnx} file
   * @param tokenizerPath {@code EMBEDDING_ONNX_TOKENIZER_PATH}, its {@code tokenizer.json}
   * @param name {@code EMBEDDING_ONNX_NAME}, recorded in the index with the dimension
   * @param maxTokens {@code EMBEDDING_ONNX_MAX_TOKENS}; empty for the tokenizer's truncation length
   * @param pooling {@code EMBEDDING_ONNX_POOLING}: {@code mean} or {@code cls}, as the model was
   *     trained
   * @param languages {@code EMBEDDING_ONNX_LANGUAGES}, e.g. {@code fa,en}; empty for any language
   */
  public record Onnx(
      String modelPath,
      String tokenizerPath,
      String name,
      Integer maxTokens,
      @DefaultValue("mean") PoolingMode pooling,
      @DefaultValue Set<String> languages) {

    Embedder embedder(Executor executor) {
      require(modelPath, "embedding.onnx.model-path (EMBEDDING_ONNX_MODEL_PATH)");
      require(tokenizerPath, "embedding.onnx.tokenizer-path (EMBEDDING_ONNX_TOKENIZER_PATH)");
      require(name, "embedding.onnx.name (EMBEDDING_ONNX_NAME)");
      return OnnxEmbedder.fromFiles(
          Path.of(modelPath),
          Path.of(tokenizerPath),
          name,
          maxTokens == null ? 0 : maxTokens,
          pooling,
          languages,
          executor);
    }
  }

  /**
   * One model behind one or more OpenAI-compatible endpoints, tried in order (S1.8).
   *
   * @param baseUrls {@code EMBEDDING_OPENAI_BASE_URLS}, comma-separated, e.g. {@code
   *     https://api.openai.com/v1}; the second serves when the first fails, and so on
   * @param apiKey {@code EMBEDDING_OPENAI_API_KEY}: one key for every endpoint, or one per endpoint
   *     in the order of {@code base-urls} (comma-separated); empty for none
   * @param model {@code EMBEDDING_OPENAI_MODEL}, e.g. {@code text-embedding-3-small}
   * @param dimension {@code EMBEDDING_OPENAI_DIMENSION}, the length of the model's vectors
   * @param maxTokens {@code EMBEDDING_OPENAI_MAX_TOKENS}, how many tokens the model reads
   * @param languages {@code EMBEDDING_OPENAI_LANGUAGES}; empty for any language
   * @param timeout {@code EMBEDDING_OPENAI_TIMEOUT}, the longest one request may take
   */
  public record OpenAi(
      @DefaultValue List<String> baseUrls,
      @DefaultValue List<String> apiKey,
      String model,
      Integer dimension,
      @DefaultValue("512") int maxTokens,
      @DefaultValue Set<String> languages,
      @DefaultValue("30s") Duration timeout) {

    Embedder embedder() {
      if (baseUrls.isEmpty()) {
        throw new IllegalStateException(
            "embedding.provider is openai but embedding.openai.base-urls (EMBEDDING_OPENAI_BASE_URLS)"
                + " is empty");
      }
      require(model, "embedding.openai.model (EMBEDDING_OPENAI_MODEL)");
      if (dimension == null || dimension <= 0) {
        throw new IllegalStateException(
            "embedding.openai.dimension (EMBEDDING_OPENAI_DIMENSION) must be the length of "
                + model
                + "'s vectors");
      }
      if (apiKey.size() > 1 && apiKey.size() != baseUrls.size()) {
        throw new IllegalStateException(
            "embedding.openai.api-key (EMBEDDING_OPENAI_API_KEY) holds "
                + apiKey.size()
                + " keys for "
                + baseUrls.size()
                + " base URLs: give one key for all, or one per base URL in the same order");
      }
      var providers = new ArrayList<Embedder>();
      for (int i = 0; i < baseUrls.size(); i++) {
        String key = apiKey.isEmpty() ? "" : apiKey.get(apiKey.size() == 1 ? 0 : i);
        providers.add(
            new OpenAiEmbedder(
                baseUrls.get(i), key, model, dimension, maxTokens, languages, timeout));
      }
      return providers.size() == 1 ? providers.get(0) : new FallbackEmbedder(providers);
    }
  }

  private static void require(String value, String key) {
    if (value == null || value.isBlank()) {
      throw new IllegalStateException("the chosen embedding.provider needs " + key);
    }
  }
}
