package io.streamrag.gateway.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A farmer's webhook on a local port: records every delivery attempt and answers 204, or 503 for
 * the first attempts at a path told to fail.
 */
final class WebhookReceiver implements AutoCloseable {

  /** One POST as received: its path, headers (lowercase names), body bytes, and the answer. */
  record Attempt(String path, Map<String, String> headers, byte[] body, int status) {

    String header(String name) {
      return headers.get(name.toLowerCase());
    }
  }

  private final HttpServer server;
  private final List<Attempt> attempts = new CopyOnWriteArrayList<>();
  private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();
  private final Map<String, CountDownLatch> held = new ConcurrentHashMap<>();

  private WebhookReceiver(HttpServer server) {
    this.server = server;
  }

  static WebhookReceiver start() {
    try {
      var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      var receiver = new WebhookReceiver(server);
      server.createContext("/", receiver::handle);
      server.setExecutor(Executors.newFixedThreadPool(32)); // held POSTs keep theirs
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A URL on this machine where nothing listens: a webhook that is down. */
  static String nowhere() {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/down";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The first {@code times} attempts at {@code path} are answered 503. */
  WebhookReceiver failFirst(String path, int times) {
    failuresLeft.put(path, new AtomicInteger(times));
    return this;
  }

  /** Holds every POST to this path unanswered until {@link #release}: a receiver that hangs. */
  WebhookReceiver hold(String path) {
    held.put(path, new CountDownLatch(1));
    return this;
  }

  void release(String path) {
    held.get(path).countDown();
  }

  /** The attempts at {@code path} to deliver the alert {@code alertId}, in order. */
  List<Attempt> attempts(String path, String alertId) {
    return attempts.stream()
        .filter(a -> a.path().equals(path) && alertId.equals(a.header("X-Streamrag-Alert-Id")))
        .toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    String path = exchange.getRequestURI().getPath();
    var hold = held.get(path);
    if (hold != null) {
      try {
        hold.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    var failures = failuresLeft.get(path);
    int status = failures != null && failures.getAndDecrement() > 0 ? 503 : 204;
    var headers = new ConcurrentHashMap<String, String>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(), values.get(0)));
    attempts.add(new Attempt(path, headers, body, status));
    exchange.sendResponseHeaders(status, -1);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
