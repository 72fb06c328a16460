package io.streamrag.llm.provider.openai;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake, for tests only: a local HTTP server on an ephemeral port speaking the OpenAI {@code
 * /v1/chat/completions} streaming protocol. It stands in for a remote model we cannot call from
 * here. Each request gets the next queued {@link Script} (or the default one): chunks, pauses,
 * status and headers. It records what it received, and notices when a client hangs up mid-script.
 */
public final class FakeOpenAiServer implements AutoCloseable {

  /** What a request carried. */
  public record Received(JsonNode body, String authorization) {}

  private static final JsonMapper JSON = new JsonMapper();

  private final HttpServer server;
  private final ExecutorService workers = Executors.newCachedThreadPool();
  private final Queue<Script> scripts = new ConcurrentLinkedQueue<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger hangUps = new AtomicInteger();
  private volatile Function<JsonNode, Script> byDefault =
      request ->
          Script.answer(
              "Soil moisture is ", "12.5 % ", "[1]; irrigate ", "at half of available water [2].");

  public FakeOpenAiServer() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.createContext("/v1/chat/completions", this::handle);
    // one thread per request: a script that pauses must not hold up the others
    server.setExecutor(workers);
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** The next requests get these scripts, one each, in order. */
  public FakeOpenAiServer then(Script... next) {
    scripts.addAll(List.of(next));
    return this;
  }

  /** Requests beyond the queued scripts get this one. */
  public FakeOpenAiServer always(Script script) {
    byDefault = request -> script;
    return this;
  }

  /** Requests beyond the queued scripts get the script this function makes of their body. */
  public FakeOpenAiServer respond(Function<JsonNode, Script> scriptFor) {
    byDefault = scriptFor;
    return this;
  }

  /** Every request received so far, in order. */
  public List<Received> received() {
    return List.copyOf(received);
  }

  public int requests() {
    return received.size();
  }

  public Received last() {
    return received.get(received.size() - 1);
  }

  /** Times a client closed the connection while its script still had lines to send. */
  public int hangUps() {
    return hangUps.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    var request =
        new Received(
            JSON.readTree(new String(body, StandardCharsets.UTF_8)),
            exchange.getRequestHeaders().getFirst("Authorization"));
    received.add(request);
    Script script = scripts.isEmpty() ? byDefault.apply(request.body()) : scripts.poll();
    script.headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
    try (exchange) {
      sleep(script.beforeHeaders.toMillis());
      if (script.status != 200) {
        byte[] error = script.errorBody.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(script.status, error.length);
        exchange.getResponseBody().write(error);
        return;
      }
      exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
      exchange.sendResponseHeaders(200, 0);
      if (!script.beforeHeaders.isZero()) {
        probe(exchange.getResponseBody());
      }
      play(script, exchange.getResponseBody());
    } catch (IOException hungUp) {
      hangUps.incrementAndGet();
    }
  }

  private static void play(Script script, OutputStream out) throws IOException {
    for (Script.Step step : script.steps) {
      if (step instanceof Script.Write write) {
        out.write((write.line() + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
      } else if (step instanceof Script.Gap gap) {
        sleep(gap.duration().toMillis());
      } else if (step instanceof Script.Pause pause) {
        sleep(pause.duration().toMillis());
        probe(out);
      }
    }
  }

  /**
   * After a silence: a comment line, which clients ignore, then a moment for a closed connection's
   * reset to come back, so that the next write fails if the client has gone.
   */
  private static void probe(OutputStream out) throws IOException {
    out.write(": ping\n\n".getBytes(StandardCharsets.UTF_8));
    out.flush();
    sleep(20);
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("server stopped", e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }
}
