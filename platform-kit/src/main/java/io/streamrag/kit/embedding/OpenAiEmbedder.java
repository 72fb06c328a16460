package io.streamrag.kit.embedding;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Any OpenAI-compatible embeddings endpoint ({@code POST {baseUrl}/embeddings} with {@code {model,
 * input: [...]}} and a bearer key): OpenAI, GapGPT, Avalai, vLLM, Ollama,
 * text-embeddings-inference. Texts go in batches of at most {@value #MAX_BATCH}; every answer is
 * checked against the model's announced dimension, so a misconfigured model fails loudly instead of
 * filling the index with vectors that cannot be compared.
 */
public final class OpenAiEmbedder implements Embedder {

  /** Texts per request (S1.8). */
  public static final int MAX_BATCH = 32;

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private final HttpClient http;
  private final JsonMapper json = JsonMapper.shared();
  private final URI endpoint;
  private final String apiKey;
  private final String model;
  private final int dimension;
  private final int maxTokens;
  private final Set<String> languages;
  private final Duration timeout;

  /**
   * @param baseUrl e.g. {@code https://api.openai.com/v1}, as for the chat provider
   * @param apiKey sent as a bearer token; blank for a local server that wants none
   * @param model the provider's model name, e.g. {@code text-embedding-3-small}
   * @param dimension the length of the model's vectors; every answer is checked against it
   * @param maxTokens how many tokens of a text the model reads
   * @param languages the languages (ISO 639-1) the model reads; empty for any
   * @param timeout the longest one request may take
   */
  public OpenAiEmbedder(
      String baseUrl,
      String apiKey,
      String model,
      int dimension,
      int maxTokens,
      Set<String> languages,
      Duration timeout) {
    this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/embeddings");
    this.apiKey = apiKey == null ? "" : apiKey;
    this.model = model;
    this.dimension = dimension;
    this.maxTokens = maxTokens;
    this.languages = Set.copyOf(languages);
    this.timeout = timeout;
    // A provider that is down should hand over to the next quickly, whatever the request timeout.
    var connect = timeout.compareTo(CONNECT_TIMEOUT) < 0 ? timeout : CONNECT_TIMEOUT;
    this.http = HttpClient.newBuilder().connectTimeout(connect).build();
  }

  @Override
  public String modelId() {
    return model + "/" + dimension;
  }

  @Override
  public int dimension() {
    return dimension;
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
    return request(List.of(text)).get(0);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    var vectors = new ArrayList<float[]>(texts.size());
    for (int from = 0; from < texts.size(); from += MAX_BATCH) {
      vectors.addAll(request(texts.subList(from, Math.min(from + MAX_BATCH, texts.size()))));
    }
    return vectors;
  }

  /** The endpoint, without the key: how logs and errors name this provider. */
  @Override
  public String toString() {
    return endpoint.toString();
  }

  private List<float[]> request(List<String> texts) {
    var request =
        HttpRequest.newBuilder(endpoint)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofByteArray(
                    json.writeValueAsBytes(Map.of("model", model, "input", texts))));
    if (!apiKey.isBlank()) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    HttpResponse<String> response;
    try {
      response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new EmbeddingException(
          "the embeddings endpoint " + endpoint + " did not answer within " + timeout, e);
    } catch (IOException e) {
      throw new EmbeddingException(
          "the embeddings endpoint " + endpoint + " is unreachable: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException("interrupted while waiting for " + endpoint, e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new EmbeddingException(
          "the embeddings endpoint "
              + endpoint
              + " answered HTTP "
              + response.statusCode()
              + ": "
              + abbreviate(response.body()));
    }
    return vectors(response.body(), texts.size());
  }

  /** The {@code data[].embedding} of an answer, placed by their {@code index}. */
  private List<float[]> vectors(String body, int expected) {
    JsonNode data;
    try {
      data = json.readTree(body).path("data");
    } catch (JacksonException e) {
      throw malformed("is not JSON", body);
    }
    if (!data.isArray() || data.size() != expected) {
      throw malformed("does not hold " + expected + " vectors in data[]", body);
    }
    var vectors = Arrays.asList(new float[expected][]);
    for (JsonNode item : data) {
      int index = item.path("index").asInt(-1);
      JsonNode embedding = item.path("embedding");
      if (index < 0 || index >= expected || vectors.get(index) != null || !embedding.isArray()) {
        throw malformed("has an item without a fresh index and an embedding array", body);
      }
      if (embedding.size() != dimension) {
        throw new EmbeddingException(
            "the embeddings endpoint "
                + endpoint
                + " returned vectors of "
                + embedding.size()
                + " dimensions for model "
                + model
                + ", but "
                + dimension
                + " were configured: set the model's real dimension (embedding.openai.dimension)");
      }
      var vector = new float[dimension];
      for (int i = 0; i < dimension; i++) {
        if (!embedding.get(i).isNumber()) {
          throw malformed("has a vector with a value that is not a number", body);
        }
        vector[i] = embedding.get(i).floatValue();
      }
      vectors.set(index, vector);
    }
    return vectors;
  }

  private EmbeddingException malformed(String what, String body) {
    return new EmbeddingException(
        "the answer of the embeddings endpoint " + endpoint + " " + what + ": " + abbreviate(body));
  }

  private static String abbreviate(String s) {
    return s.length() > 300 ? s.substring(0, 300) + "…" : s;
  }
}
