package io.streamrag.kit.embedding;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake, for tests only: a local HTTP server speaking the OpenAI {@code /v1/embeddings} wire
 * protocol. It stands in for a remote provider we cannot call from here, yet its vectors are real:
 * it embeds with the model it is given (the bundled ONNX model), and lists them in reverse order
 * with their {@code index}, as the protocol allows. It records the size of every batch and the last
 * {@code Authorization} header, and can be told to fail or to answer garbage.
 */
final class FakeEmbeddingsServer implements AutoCloseable {

  final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
  final AtomicReference<String> lastAuthorization = new AtomicReference<>();
  private final JsonMapper json = JsonMapper.shared();
  private final Embedder model;
  private final HttpServer server;
  private volatile int status = 200;
  private volatile String body;

  FakeEmbeddingsServer(Embedder model) throws IOException {
    this.model = model;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/embeddings", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** A base URL where nothing listens: a provider that is down. */
  static String nothingListening() throws IOException {
    try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
    }
  }

  /** Answers every request with this status and body, as a failing provider does. */
  void answerWith(int httpStatus, String rawBody) {
    this.status = httpStatus;
    this.body = rawBody;
  }

  private void handle(HttpExchange exchange) throws IOException {
    lastAuthorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
    JsonNode request = json.readTree(exchange.getRequestBody().readAllBytes());
    var texts = new ArrayList<String>();
    request.path("input").forEach(t -> texts.add(t.asString()));
    batchSizes.add(texts.size());
    String answer = body != null ? body : json.writeValueAsString(embeddings(request, texts));
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  private Map<String, Object> embeddings(JsonNode request, List<String> texts) {
    var vectors = model.embedAll(texts);
    var data = new ArrayList<Map<String, Object>>();
    for (int i = vectors.size() - 1; i >= 0; i--) {
      var item = new LinkedHashMap<String, Object>();
      item.put("object", "embedding");
      item.put("index", i);
      item.put("embedding", vectors.get(i));
      data.add(item);
    }
    return Map.of(
        "object",
        "list",
        "data",
        data,
        "model",
        request.path("model").asString(),
        "usage",
        Map.of("prompt_tokens", 0, "total_tokens", 0));
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
