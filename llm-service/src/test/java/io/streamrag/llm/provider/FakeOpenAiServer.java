package io.streamrag.llm.provider;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fake, for tests only: a local HTTP server speaking the OpenAI {@code /v1/chat/completions}
 * streaming wire protocol (server-sent {@code data:} chunks, then {@code data: [DONE]}). It stands
 * in for a remote model we cannot call from here, and records the last request it received.
 */
final class FakeOpenAiServer implements AutoCloseable {

  final AtomicReference<String> lastBody = new AtomicReference<>();
  final AtomicReference<String> lastAuthorization = new AtomicReference<>();
  private final HttpServer server;
  private volatile int status = 200;
  private volatile List<String> pieces =
      List.of("Soil moisture is ", "12.5 % ", "[1]; irrigate ", "at half of available water [2].");

  FakeOpenAiServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          lastBody.set(
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          lastAuthorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
          if (status != 200) {
            byte[] error =
                "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, error.length);
            exchange.getResponseBody().write(error);
            exchange.close();
            return;
          }
          exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
          exchange.sendResponseHeaders(200, 0);
          try (OutputStream out = exchange.getResponseBody()) {
            write(
                out,
                "{\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}");
            for (String piece : pieces) {
              write(
                  out,
                  "{\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                      + piece
                      + "\"}}]}");
            }
            write(
                out,
                "{\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
            out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
          }
        });
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  void failWith(int httpStatus) {
    this.status = httpStatus;
  }

  private static void write(OutputStream out, String json) throws IOException {
    out.write(("data: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
