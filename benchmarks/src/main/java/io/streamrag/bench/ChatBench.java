package io.streamrag.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chat latency and throughput against the running stack (./run.sh): N streams, each a client that
 * asks, reads the answer's event stream to its {@code done}, and asks again at once, for S seconds
 * (a closed loop: the offered load is N chats in flight). Time to first token is from sending the
 * request to the first {@code token} event's line; total is to {@code done}. The demo's three user
 * keys take turns, so no key's rate limit is the bottleneck. One JSON line.
 *
 * <p>A chat whose stream has not ended {@code --chat-timeout} seconds (60) after it was asked is
 * closed and counted as {@code hung}: the gateway's own timeouts should have ended it long before,
 * so any is a fault to look into, and a bench that waited for it would never report.
 */
final class ChatBench {

  private static final JsonMapper JSON = new JsonMapper();

  /**
   * Closes the streams of chats that outlive their deadline: a daemon thread of this command-line
   * process, which it ends with; if it failed, a stalled chat would again be waited for.
   */
  private static final ScheduledExecutorService DEADLINES =
      Executors.newSingleThreadScheduledExecutor(ReadingLoad.daemon("chat-bench-deadlines"));

  /** The demo profile's user keys and a sensor each owns. */
  private static final List<ChatLoad.Asker> ASKERS =
      List.of(
          new ChatLoad.Asker("dev-farmer-key", "550e8400-e29b-41d4-a716-446655440000"),
          new ChatLoad.Asker("dev-other-key", "6fa459ea-ee8a-3ca4-894e-db77e160355e"),
          new ChatLoad.Asker("dev-bench-key", "b41318e8-20b2-5f0d-977e-4c146aa5abd1"));

  /** One chat as its client saw it; {@code firstTokenMs} is -1 when no token came. */
  record Chat(double firstTokenMs, double totalMs, String error) {}

  private static Duration chatTimeout = Duration.ofSeconds(60);

  private ChatBench() {}

  static void run(Args args) throws Exception {
    String gateway = args.text("gateway", "http://127.0.0.1:8080");
    int streams = args.integer("streams", 1);
    int seconds = args.integer("seconds", 20);
    int warmup = args.integer("warmup-seconds", 0);
    chatTimeout = Duration.ofSeconds(args.integer("chat-timeout", 60));
    var http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3))
            .build();
    if (warmup > 0) {
      load(http, gateway, streams, warmup);
    }
    long began = System.nanoTime();
    List<Chat> chats = load(http, gateway, streams, seconds);
    double elapsed = (System.nanoTime() - began) / 1e9;
    System.out.println(JSON.writeValueAsString(report(streams, seconds, warmup, elapsed, chats)));
  }

  /** Runs the closed loop and returns every chat that completed or failed within it. */
  private static List<Chat> load(HttpClient http, String gateway, int streams, int seconds)
      throws InterruptedException {
    long until = System.nanoTime() + seconds * 1_000_000_000L;
    var chats = new ConcurrentHashMap<Integer, List<Chat>>();
    var asked = new AtomicInteger();
    var done = new CountDownLatch(streams);
    for (int s = 0; s < streams; s++) {
      int stream = s;
      var thread =
          new Thread(
              () -> {
                var mine = new ArrayList<Chat>();
                while (System.nanoTime() < until) {
                  int n = asked.getAndIncrement();
                  mine.add(chat(http, gateway, ASKERS.get(stream % ASKERS.size()), n));
                }
                chats.put(stream, mine);
                done.countDown();
              },
              "chat-bench-" + s);
      thread.setDaemon(true);
      thread.start();
    }
    done.await();
    return chats.values().stream().flatMap(List::stream).toList();
  }

  private static Chat chat(HttpClient http, String gateway, ChatLoad.Asker asker, int n) {
    String body =
        JSON.writeValueAsString(
            Map.of(
                "message",
                StreamsBench.QUESTIONS.get(n % StreamsBench.QUESTIONS.size()),
                "sensor_uuid",
                asker.sensor()));
    var request =
        HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat"))
            .header("Authorization", "Bearer " + asker.apiKey())
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(60))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    long sent = System.nanoTime();
    double first = -1;
    try {
      var response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      var stream = response.body();
      var deadline =
          DEADLINES.schedule(
              () -> {
                stream.close();
                return null;
              },
              chatTimeout.toMillis() - (long) millis(sent),
              TimeUnit.MILLISECONDS);
      try (var lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
        if (response.statusCode() != 200) {
          return new Chat(-1, millis(sent), "http_" + response.statusCode());
        }
        String event = "";
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (line.startsWith("event:")) {
            event = line.substring(6).strip();
            if (event.equals("token") && first < 0) {
              first = millis(sent);
            } else if (event.equals("done")) {
              return new Chat(first, millis(sent), null);
            }
          } else if (event.equals("error") && line.startsWith("data:")) {
            String code = JSON.readTree(line.substring(5)).path("code").asString("unknown");
            return new Chat(first, millis(sent), "event_" + code);
          }
        }
        return new Chat(first, millis(sent), deadline.isDone() ? "hung" : "stream_ended");
      } catch (IOException e) {
        return new Chat(first, millis(sent), deadline.isDone() ? "hung" : "connection");
      } finally {
        deadline.cancel(false);
      }
    } catch (Exception e) {
      return new Chat(first, millis(sent), "connection");
    }
  }

  private static double millis(long since) {
    return (System.nanoTime() - since) / 1e6;
  }

  static Map<String, Object> report(
      int streams, int seconds, int warmup, double elapsed, List<Chat> chats) {
    var answered = chats.stream().filter(c -> c.error() == null).toList();
    var errors = new TreeMap<String, Integer>();
    chats.stream()
        .filter(c -> c.error() != null)
        .forEach(c -> errors.merge(c.error(), 1, Integer::sum));
    var ttft =
        Percentiles.of(
            answered.stream().mapToDouble(Chat::firstTokenMs).filter(ms -> ms >= 0).toArray());
    var total = Percentiles.of(answered.stream().mapToDouble(Chat::totalMs).toArray());
    var out = new LinkedHashMap<String, Object>();
    out.put("bench", "chat");
    out.put("streams", streams);
    out.put("seconds", seconds);
    out.put("warmup_seconds", warmup);
    out.put("chats", chats.size());
    out.put("answered", answered.size());
    out.put("chats_per_s", round(answered.size() / elapsed));
    out.put("ttft_ms", percentiles(ttft));
    out.put("total_ms", percentiles(total));
    out.put("errors", chats.size() - answered.size());
    out.put("error_kinds", errors);
    return out;
  }

  private static Map<String, Double> percentiles(Percentiles p) {
    var out = new LinkedHashMap<String, Double>();
    out.put("p50", round(p.p50()));
    out.put("p95", round(p.p95()));
    out.put("p99", round(p.p99()));
    return out;
  }

  private static double round(double value) {
    return Double.isNaN(value) ? -1 : Math.round(value * 10) / 10.0;
  }
}
