package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chats at a steady rate, each read as a stream until its verdict: {@code answered} (a {@code done}
 * event), {@code errored:<why>} (an HTTP status other than 200, an {@code error} event with its
 * code, a refused or broken connection, or a stream that ended with neither) or {@code hung}
 * (nothing of the kind within the timeout). New chats start on schedule whatever the earlier ones
 * are doing: a slow system sees the whole offered load.
 */
final class ChatLoad implements AutoCloseable {

  private static final JsonMapper JSON = new JsonMapper();

  /** Who asks: an API key and the sensor it owns. */
  record Asker(String apiKey, String sensor) {}

  /** One chat: when it started, its verdict, and how long the verdict took. */
  record Chat(long startedAtMillis, String verdict, long tookMillis) {}

  private static final List<String> QUESTIONS =
      List.of(
          "How wet is my soil right now?",
          "رطوبت خاک من چقدر است؟",
          "When should I irrigate my field?",
          "What is the temperature of my soil?");

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .build();
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(ReadingLoad.daemon("chat-load"));
  private final String gateway;
  private final List<Asker> askers;
  private final double rate;
  private final Duration timeout;
  private final List<CompletableFuture<Chat>> chats = new ArrayList<>();
  private final AtomicInteger started = new AtomicInteger();

  /**
   * @param rate chats started per second
   * @param timeout how long a chat may go without a verdict before it counts as hung
   */
  ChatLoad(String gateway, List<Asker> askers, double rate, Duration timeout) {
    this.gateway = gateway;
    this.askers = askers;
    this.rate = rate;
    this.timeout = timeout;
  }

  void start() {
    ticker.scheduleAtFixedRate(this::ask, 0, (long) (1e9 / rate), TimeUnit.NANOSECONDS);
  }

  private void ask() {
    int n = started.getAndIncrement();
    Asker asker = askers.get(n % askers.size());
    String body =
        JSON.writeValueAsString(
            java.util.Map.of(
                "message", QUESTIONS.get(n % QUESTIONS.size()), "sensor_uuid", asker.sensor()));
    long at = System.currentTimeMillis();
    var stream = new Verdict();
    http.sendAsync(
            request(gateway, asker, body), HttpResponse.BodyHandlers.fromLineSubscriber(stream))
        .whenComplete( // the body ended (or never came): a verdict already given stands
            (response, error) ->
                stream.verdict.complete(
                    error != null
                        ? "errored:connection"
                        : response.statusCode() != 200
                            ? "errored:http_" + response.statusCode()
                            : "errored:stream_ended"));
    var chat =
        stream
            .verdict
            .completeOnTimeout("hung", timeout.toMillis(), TimeUnit.MILLISECONDS)
            .thenApply(
                verdict -> {
                  if (verdict.equals("hung")) {
                    stream.cancel();
                  }
                  return new Chat(at, verdict, System.currentTimeMillis() - at);
                });
    synchronized (chats) {
      chats.add(chat);
    }
  }

  /** A chat question of {@code asker}'s to a gateway's SSE chat API. */
  static HttpRequest request(String gateway, Asker asker, String body) {
    return HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat"))
        .header("Authorization", "Bearer " + asker.apiKey())
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  /** How many chats have started. */
  int started() {
    return started.get();
  }

  /** The chats with a verdict so far. */
  List<Chat> finished() {
    synchronized (chats) {
      return chats.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
    }
  }

  /** Stops starting chats and waits for every verdict (at most the timeout). */
  @Override
  public void close() {
    ticker.shutdownNow();
    List<CompletableFuture<Chat>> all;
    synchronized (chats) {
      all = List.copyOf(chats);
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
  }

  /** Reads a chat's event stream line by line until its first {@code done} or {@code error}. */
  private static final class Verdict implements Flow.Subscriber<String> {
    final CompletableFuture<String> verdict = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private boolean inError;

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(String line) {
      if (line.startsWith("event:")) {
        String name = line.substring(6).strip();
        inError = name.equals("error");
        if (name.equals("done")) {
          verdict.complete("answered");
        }
      } else if (inError && line.startsWith("data:")) {
        String code = JSON.readTree(line.substring(5)).path("code").asString("unknown");
        verdict.complete("errored:event_" + code);
      }
    }

    @Override
    public void onError(Throwable t) {}

    @Override
    public void onComplete() {}

    void cancel() {
      if (subscription != null) {
        subscription.cancel();
      }
    }
  }
}
