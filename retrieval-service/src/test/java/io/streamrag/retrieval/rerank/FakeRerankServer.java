package io.streamrag.retrieval.rerank;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake, for tests only: a local HTTP server speaking the Jina/Cohere {@code POST /v1/rerank} wire
 * protocol, standing in for a remote cross-encoder we cannot call from here. Its score is the share
 * of the query's words found in a document, so rankings are deterministic and meaningful. It
 * records the last request, and can be told to fail or to answer garbage.
 */
final class FakeRerankServer implements AutoCloseable {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  final AtomicReference<JsonNode> lastBody = new AtomicReference<>();
  final AtomicReference<String> lastAuthorization = new AtomicReference<>();
  volatile int status = 200;
  volatile String override;
  private final HttpServer server;

  FakeRerankServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/rerank",
        exchange -> {
          JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
          lastBody.set(body);
          lastAuthorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
          String answer =
              status != 200
                  ? "{\"detail\":\"model overloaded\"}"
                  : override != null ? override : results(body);
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  /** A started server on a free port. */
  static FakeRerankServer start() {
    try {
      return new FakeRerankServer();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static String results(JsonNode body) {
    Set<String> query = words(body.path("query").asString());
    var scored = new ArrayList<double[]>();
    int i = 0;
    for (JsonNode doc : body.path("documents")) {
      Set<String> words = words(doc.asString());
      long shared = query.stream().filter(words::contains).count();
      scored.add(new double[] {i++, query.isEmpty() ? 0 : (double) shared / query.size()});
    }
    scored.sort((a, b) -> Double.compare(b[1], a[1]));
    int topN = body.path("top_n").asInt(scored.size());
    List<String> results =
        scored.subList(0, Math.min(topN, scored.size())).stream()
            .map(s -> "{\"index\":" + (int) s[0] + ",\"relevance_score\":" + s[1] + "}")
            .toList();
    return "{\"model\":\""
        + body.path("model").asString()
        + "\",\"usage\":{\"total_tokens\":42},\"results\":["
        + String.join(",", results)
        + "]}";
  }

  private static Set<String> words(String text) {
    return Arrays.stream(text.toLowerCase().split("[^\\p{L}\\p{N}]+"))
        .filter(w -> w.length() > 2)
        .collect(Collectors.toSet());
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
