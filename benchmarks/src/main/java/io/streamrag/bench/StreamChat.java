package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One chat read as a stream, without a thread of its own: when it was sent, when each {@code token}
 * event came, and its verdict ({@code answered}, {@code errored:<why>}, {@code refused:<status>} or
 * {@code hung}). The text of its tokens is kept, so a caller can check what it read.
 */
final class StreamChat extends SseLines {

  private static final JsonMapper JSON = new JsonMapper();

  /** What a chat came to. */
  record Result(
      long sentNanos,
      int status,
      String verdict,
      List<Long> tokenNanos,
      String text,
      long endedNanos) {

    boolean answered() {
      return verdict.equals("answered");
    }

    /** Milliseconds from the request to the first token; -1 when none came. */
    double firstTokenMs() {
      return tokenNanos.isEmpty() ? -1 : (tokenNanos.get(0) - sentNanos) / 1e6;
    }
  }

  private final CompletableFuture<String> verdict = new CompletableFuture<>();
  private final List<Long> tokens = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();
  private final long sent = System.nanoTime();
  private volatile int status;

  private StreamChat() {}

  /** Asks {@code message} about {@code sensor} with {@code apiKey}; the result comes once ended. */
  static CompletableFuture<Result> ask(
      HttpClient http,
      String gateway,
      String apiKey,
      String sensor,
      String message,
      long timeoutMillis) {
    var chat = new StreamChat();
    String body = JSON.writeValueAsString(Map.of("message", message, "sensor_uuid", sensor));
    http.sendAsync(
            HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat"))
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            info -> {
              chat.status = info.statusCode();
              return HttpResponse.BodySubscribers.fromLineSubscriber(chat);
            })
        .whenComplete(
            (response, error) ->
                chat.verdict.complete(
                    error != null
                        ? "errored:connection"
                        : response.statusCode() != 200
                            ? "refused:" + response.statusCode()
                            : "errored:stream_ended"));
    return chat.verdict
        .completeOnTimeout("hung", timeoutMillis, TimeUnit.MILLISECONDS)
        .thenApply(
            v -> {
              if (v.equals("hung")) {
                chat.cancel();
              }
              synchronized (chat) {
                return new Result(
                    chat.sent,
                    chat.status,
                    v,
                    List.copyOf(chat.tokens),
                    chat.text.toString(),
                    System.nanoTime());
              }
            });
  }

  @Override
  synchronized void onEvent(String name) {
    if (name.equals("done")) {
      verdict.complete("answered");
      cancel();
    }
  }

  @Override
  synchronized void onData(String name, JsonNode data) {
    if (name.equals("token")) {
      tokens.add(System.nanoTime());
      text.append(data.path("text").asString(""));
    } else if (name.equals("error")) {
      verdict.complete("errored:" + data.path("code").asString("unknown"));
      cancel();
    }
  }
}
