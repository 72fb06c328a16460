package io.streamrag.bench;

import io.streamrag.modelfake.FakeText;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fixed number of chats in flight, each client asking again as soon as its answer ends, across
 * the gateway instances in turn, as clients behind a load balancer: a chat refused as busy ({@code
 * 503}, {@code 429}: every answering instance full, or the gateway draining) is asked again after
 * its {@code Retry-After}, of the next gateway; a refused connection (a gateway down) at once, of
 * the next. Each chat gets one verdict within its timeout, and what its user was shown is read back
 * ({@link FakeText}): one generation's whole text, or spliced, duplicated or incomplete.
 */
final class FailoverChats implements AutoCloseable {

  private static final JsonMapper JSON = new JsonMapper();

  /** One chat: when it began, its verdict, what was shown, its restarts, its attempts. */
  record Chat(
      long startedAtMillis,
      long tookMillis,
      String verdict,
      FakeText.Reading shown,
      List<Long> resets,
      boolean degraded,
      int attempts,
      String sample) {

    /**
     * Answered with one generation's whole text, or answered without the model (no evidence: the
     * refusal llm-service writes itself, which is an answer too).
     */
    boolean answeredWhole() {
      return verdict.equals("answered") && (shown.whole() || withoutModel());
    }

    boolean withoutModel() {
      return shown.generations().isEmpty();
    }
  }

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .build();
  private final List<String> gateways;
  private final List<ChatLoad.Asker> askers;
  private final int tokens;
  private final Duration timeout;
  private final List<CompletableFuture<Chat>> chats = new ArrayList<>();
  private final AtomicInteger next = new AtomicInteger();
  private volatile boolean stopped;

  /**
   * @param tokens how many tokens each answer of the model has
   * @param timeout how long a chat may go without a verdict before it counts as hung
   */
  FailoverChats(List<String> gateways, List<ChatLoad.Asker> askers, int tokens, Duration timeout) {
    this.gateways = gateways;
    this.askers = askers;
    this.tokens = tokens;
    this.timeout = timeout;
  }

  /** Starts {@code inFlight} clients. */
  void start(int inFlight) {
    for (int i = 0; i < inFlight; i++) {
      client();
    }
  }

  /** One client: a chat, then the next once it ended, until the load stops. */
  private void client() {
    if (stopped) {
      return;
    }
    var chat = ask();
    synchronized (chats) {
      chats.add(chat);
    }
    chat.whenComplete((c, e) -> client());
  }

  private CompletableFuture<Chat> ask() {
    int n = next.getAndIncrement();
    var asker = askers.get(n % askers.size());
    String body =
        JSON.writeValueAsString(
            Map.of("message", "How wet is my soil? (" + n + ")", "sensor_uuid", asker.sensor()));
    long at = System.currentTimeMillis();
    var attempts = new AtomicInteger();
    return attempt(n, asker, body, at + timeout.toMillis(), attempts)
        .completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS)
        .thenApply(
            shown -> {
              long took = System.currentTimeMillis() - at;
              if (shown == null) {
                return new Chat(
                    at,
                    took,
                    "hung",
                    FakeText.read("", tokens),
                    List.of(),
                    false,
                    attempts.get(),
                    "");
              }
              String verdict = shown.verdict.getNow("hung");
              if (verdict.equals("hung")) {
                shown.cancel();
              }
              var reading = FakeText.read(shown.text(), tokens);
              return new Chat(
                  at,
                  took,
                  verdict,
                  reading,
                  shown.resets(),
                  shown.degraded(),
                  attempts.get(),
                  // what a chat that was not one whole generation showed, to look into
                  reading.whole() ? "" : shown.requestId + " " + abbreviated(shown.text()));
            });
  }

  /**
   * Asks gateway {@code g} (in turn); a refusal that passes, or no gateway there, asks the next.
   */
  private CompletableFuture<ShownChat> attempt(
      int g, ChatLoad.Asker asker, String body, long deadline, AtomicInteger attempts) {
    attempts.incrementAndGet();
    var shown = new ShownChat();
    String gateway = gateways.get(g % gateways.size());
    // the status is known when the headers come; a stream's end is the verdict's, not the body's
    // (a body cancelled after done never completes its response)
    var status = new CompletableFuture<HttpResponse.ResponseInfo>();
    http.sendAsync(
            ChatLoad.request(gateway, asker, body),
            info -> {
              shown.requestId = info.headers().firstValue("X-Request-Id").orElse("?");
              status.complete(info);
              return info.statusCode() == 200
                  ? HttpResponse.BodySubscribers.fromLineSubscriber(shown)
                  : HttpResponse.BodySubscribers.discarding();
            })
        .whenComplete(
            (response, error) -> {
              if (error != null) {
                status.completeExceptionally(error);
                shown.verdict.complete("errored:connection_lost");
              }
            });
    return status
        .handle((response, error) -> retryAfter(response, error, shown))
        .thenCompose(
            wait -> {
              if (wait == null) { // answered or refused for good, however the stream ends
                return shown.verdict.thenApply(v -> shown);
              }
              if (System.currentTimeMillis() + wait.toMillis() > deadline) {
                shown.verdict.complete("errored:gave_up_retrying");
                return CompletableFuture.completedFuture(shown);
              }
              Executor later =
                  CompletableFuture.delayedExecutor(wait.toMillis(), TimeUnit.MILLISECONDS);
              return CompletableFuture.supplyAsync(() -> null, later)
                  .thenCompose(x -> attempt(g + 1, asker, body, deadline, attempts));
            });
  }

  /**
   * How long to wait before asking the next gateway; null when this one answers, or refused the
   * chat for good (its verdict is then set).
   */
  private static Duration retryAfter(
      HttpResponse.ResponseInfo response, Throwable error, ShownChat shown) {
    if (error != null) {
      return Duration.ofMillis(200); // nobody listens there: the next gateway
    }
    int status = response.statusCode();
    if (status == 503 || status == 429) {
      long seconds = response.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L);
      return Duration.ofSeconds(seconds);
    }
    if (status != 200) {
      shown.verdict.complete("errored:http_" + status);
    }
    return null;
  }

  private static String abbreviated(String text) {
    return text.length() <= 240
        ? text
        : text.substring(0, 120) + " … " + text.substring(text.length() - 120);
  }

  /** Stops asking; the chats in flight go on. */
  void stop() {
    stopped = true;
  }

  /** Every chat with a verdict so far. */
  List<Chat> finished() {
    synchronized (chats) {
      return chats.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
    }
  }

  int started() {
    synchronized (chats) {
      return chats.size();
    }
  }

  /** Stops asking and waits for every verdict (at most the timeout). */
  @Override
  public void close() {
    stop();
    List<CompletableFuture<Chat>> all;
    synchronized (chats) {
      all = List.copyOf(chats);
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
  }
}
