package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.json.JsonMapper;

/**
 * Readings over HTTP at a steady total rate, spread over many sensors, each sensor posting one
 * reading at a time with a {@code ts} later than its previous one. One at a time per sensor, so no
 * accepted reading can be overtaken by a newer one of its sensor and dropped as older by ingest's
 * latest-wins rule: a reading missing downstream is a loss, not the rule at work. A sensor whose
 * post is still pending when its next slot comes skips that slot (counted), so an outage lowers the
 * rate instead of piling up posts.
 */
final class ReadingLoad implements AutoCloseable {

  private static final JsonMapper JSON = new JsonMapper();

  /** A reading the bridge answered 202 for: its event id, sensor and when it was posted. */
  record Accepted(String eventId, String sensor, long postedAtMillis) {}

  /** A post and its outcome: {@code accepted}, {@code http_<status>} or {@code failed}. */
  record Post(long atMillis, String outcome) {}

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .build();
  private final String bridge;
  private final String token;
  private final List<String> sensors;
  private final double rate;
  private final Duration timeout;
  private final ExecutorService threads;
  private final Map<String, Accepted> accepted = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Post> posts = new ConcurrentLinkedQueue<>();
  private final AtomicInteger skipped = new AtomicInteger();
  private volatile boolean running = true;

  /**
   * @param rate readings per second over all sensors
   * @param timeout how long one post may take before it counts as failed
   */
  ReadingLoad(String bridge, String token, List<String> sensors, double rate, Duration timeout) {
    this.bridge = bridge;
    this.token = token;
    this.sensors = sensors;
    this.rate = rate;
    this.timeout = timeout;
    this.threads = Executors.newFixedThreadPool(sensors.size(), daemon("reading-load"));
  }

  /** Starts every sensor, their first slots spread over one period. */
  void start() {
    long period = (long) (1e9 * sensors.size() / rate);
    long start = System.nanoTime();
    for (int i = 0; i < sensors.size(); i++) {
      String sensor = sensors.get(i);
      long first = start + period * i / sensors.size();
      threads.execute(() -> postEvery(sensor, first, period));
    }
  }

  /** Posts one reading now, outside the counts (the warm-up): whether the bridge accepted it. */
  boolean postOnce(String sensor, Instant ts) {
    try {
      return post(sensor, ts).statusCode() == 202;
    } catch (Exception e) {
      return false;
    }
  }

  private void postEvery(String sensor, long first, long period) {
    long next = first;
    long lastTs = 0;
    while (running) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      long behind = System.nanoTime() - next;
      if (behind >= period) { // the previous post outlived its slot(s): skip them, do not burst
        skipped.addAndGet((int) (behind / period));
        next += (behind / period) * period;
      }
      next += period;
      if (!running) {
        return;
      }
      long ts = Math.max(System.currentTimeMillis(), lastTs + 1); // unique and rising per sensor
      lastTs = ts;
      long at = System.currentTimeMillis();
      String outcome;
      try {
        HttpResponse<String> response = post(sensor, Instant.ofEpochMilli(ts));
        if (response.statusCode() == 202) {
          String id = JSON.readTree(response.body()).get("event_id").asString();
          accepted.put(id, new Accepted(id, sensor, at));
          outcome = "accepted";
        } else {
          outcome = "http_" + response.statusCode();
        }
      } catch (InterruptedException e) {
        return;
      } catch (Exception e) { // refused connection, reset, timeout: the reading was not accepted
        outcome = "failed";
      }
      posts.add(new Post(at, outcome));
    }
  }

  private HttpResponse<String> post(String sensor, Instant ts) throws Exception {
    double moisture = Math.round(ThreadLocalRandom.current().nextDouble(10, 40) * 10) / 10.0;
    String body =
        String.format(
            Locale.ROOT,
            "{\"ts\":\"%s\",\"soil_moisture\":%.1f,\"temperature\":%.1f}",
            ts,
            moisture,
            18.0 + moisture / 10);
    return http.send(
        HttpRequest.newBuilder(URI.create(bridge + "/api/sensors/" + sensor + "/readings"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .timeout(timeout)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Every reading accepted so far, by event id. */
  Map<String, Accepted> accepted() {
    return accepted;
  }

  /** Every post so far, in the order they ended. */
  List<Post> posts() {
    return List.copyOf(posts);
  }

  /** Slots skipped because the sensor's previous post was still pending. */
  int skipped() {
    return skipped.get();
  }

  /** Stops posting and waits for the posts in flight (at most their timeout). */
  @Override
  public void close() {
    running = false;
    threads.shutdown();
    try {
      threads.awaitTermination(timeout.toSeconds() + 5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static java.util.concurrent.ThreadFactory daemon(String name) {
    var count = new AtomicInteger();
    return r -> {
      var t = new Thread(r, name + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
