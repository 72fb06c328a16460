package io.streamrag.retrieval.rerank;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Reranker settings ({@code retrieval.rerank.*}). With a base URL, a Jina/Cohere-compatible rerank
 * API ranks first and the local term-overlap reranker takes over when it fails; without one, the
 * local reranker alone.
 *
 * @param baseUrl e.g. {@code https://api.jina.ai}; empty for the local reranker
 * @param apiKey bearer token of the rerank API
 * @param model the rerank model, e.g. {@code jina-reranker-v2-base-multilingual}
 * @param timeout the longest one rerank call may take
 */
@ConfigurationProperties("retrieval.rerank")
public record RerankProperties(String baseUrl, String apiKey, String model, Duration timeout) {

  public RerankProperties {
    timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
    model = model == null || model.isBlank() ? "jina-reranker-v2-base-multilingual" : model;
  }

  /** True when a rerank API is configured. */
  public boolean remote() {
    return baseUrl != null && !baseUrl.isBlank();
  }
}
