package io.streamrag.retrieval.rerank;

import io.streamrag.retrieval.store.Candidate;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A remote cross-encoder behind the Jina/Cohere-compatible {@code POST /v1/rerank} API (S0.4):
 * {@code {model, query, documents, top_n, return_documents: false}} answered by {@code {results:
 * [{index, relevance_score}]}}. Scores are clamped to [0, 1] and reach the prompt as {@code
 * Relevance} (S0.5). Any failure throws {@link RerankUnavailable}; {@link FallbackReranker} then
 * ranks locally.
 */
public final class RerankApiReranker implements Reranker {

  /** The rerank API failed or answered something this adapter cannot read. */
  public static final class RerankUnavailable extends RuntimeException {
    RerankUnavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final URI endpoint;
  private final String apiKey;
  private final String model;
  private final Duration timeout;
  private final JsonMapper json;
  private final HttpClient http;

  /**
   * @param baseUrl e.g. {@code https://api.jina.ai}; {@code /v1/rerank} is appended
   * @param apiKey sent as a bearer token; blank sends none
   * @param timeout the longest one rerank may take before the local ranking is used
   */
  public RerankApiReranker(
      String baseUrl, String apiKey, String model, Duration timeout, JsonMapper json) {
    this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/v1/rerank");
    this.apiKey = apiKey;
    this.model = model;
    this.timeout = timeout;
    this.json = json;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  @Override
  public List<Ranked> rerank(String question, List<Candidate> candidates, int keep) {
    if (candidates.isEmpty()) {
      return List.of();
    }
    var body = new LinkedHashMap<String, Object>();
    body.put("model", model);
    body.put("query", question);
    body.put("documents", candidates.stream().map(c -> c.chunk().text()).toList());
    body.put("top_n", Math.min(keep, candidates.size()));
    body.put("return_documents", false);
    var request =
        HttpRequest.newBuilder(endpoint)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
    if (apiKey != null && !apiKey.isBlank()) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new RerankUnavailable("rerank API " + endpoint + " unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RerankUnavailable("interrupted while reranking", e);
    }
    if (response.statusCode() != 200) {
      throw new RerankUnavailable(
          "rerank API answered " + response.statusCode() + ": " + abbreviate(response.body()),
          null);
    }
    return ranked(response.body(), candidates, keep);
  }

  private List<Ranked> ranked(String body, List<Candidate> candidates, int keep) {
    JsonNode results;
    try {
      results = json.readTree(body).path("results");
    } catch (JacksonException e) {
      throw new RerankUnavailable("rerank API answered invalid JSON: " + abbreviate(body), e);
    }
    if (!results.isArray()) {
      throw new RerankUnavailable("rerank API answer has no results: " + abbreviate(body), null);
    }
    Map<Integer, Double> scores = new LinkedHashMap<>();
    for (JsonNode r : results) {
      int index = r.path("index").asInt(-1);
      if (index < 0 || index >= candidates.size() || !r.path("relevance_score").isNumber()) {
        throw new RerankUnavailable("rerank API result out of range: " + r, null);
      }
      scores.put(index, Math.max(0, Math.min(1, r.path("relevance_score").asDouble())));
    }
    var out = new ArrayList<Ranked>();
    scores.forEach((i, s) -> out.add(new Ranked(candidates.get(i), Math.round(s * 100) / 100.0)));
    out.sort(Comparator.comparingDouble((Ranked r) -> -r.relevance()));
    return out.subList(0, Math.min(keep, out.size()));
  }

  @Override
  public String name() {
    return "rerank-api:" + model;
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "…";
  }
}
