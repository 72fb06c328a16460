package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A weather station posting 10-minute interval records over HTTP at a steady rate, one at a time,
 * each the 10 minutes after the previous one, starting days back (so the run's records stay within
 * the bridge's 7 days), each with 0.1 mm of rain. The intervals sit on a 10-minute grid, so a day
 * holds exactly the records that end in it: what {@link WeatherAudit} counts back.
 */
final class WeatherLoad implements AutoCloseable {

  static final int INTERVAL_S = 600;
  static final double RAIN_MM = 0.1;

  /** An accepted record: the end of its interval. */
  record Accepted(Instant end) {}

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
  private final String bridge;
  private final String station;
  private final String token;
  private final double rate;
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(ReadingLoad.daemon("weather-load"));
  private final ConcurrentLinkedQueue<Accepted> accepted = new ConcurrentLinkedQueue<>();
  private volatile boolean running = true;
  private volatile int failed;
  private Instant next;

  /**
   * @param rate records per second
   * @param seconds how long the load should last: its records start far enough back to end before
   *     now
   */
  WeatherLoad(String bridge, String station, String token, double rate, int seconds) {
    this.bridge = bridge;
    this.station = station;
    this.token = token;
    this.rate = rate;
    // room for the load and a long tail, but never back beyond the bridge's 7 days
    long back =
        Math.min(6L * 86_400 + 43_200, (long) Math.ceil(rate * (seconds + 300)) * INTERVAL_S);
    long grid = Instant.now().getEpochSecond() / INTERVAL_S * INTERVAL_S;
    this.next = Instant.ofEpochSecond(grid - back);
  }

  void start() {
    thread.execute(this::postEvery);
  }

  private void postEvery() {
    long period = (long) (1e9 / rate);
    long due = System.nanoTime();
    while (running) {
      LockSupport.parkNanos(Math.max(0, due - System.nanoTime()));
      due = Math.max(due + period, System.nanoTime());
      Instant end = next;
      next = next.plusSeconds(INTERVAL_S);
      try {
        var response = http.send(request(end), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 202) {
          accepted.add(new Accepted(end));
        } else {
          failed++;
        }
      } catch (InterruptedException e) {
        return;
      } catch (Exception e) { // not accepted: the bridge or the broker is down
        failed++;
      }
    }
  }

  private HttpRequest request(Instant end) {
    String body =
        String.format(
            Locale.ROOT,
            "{\"ts\":\"%s\",\"interval_s\":%d,\"air_temperature\":12,\"relative_humidity\":60,"
                + "\"wind_speed\":2,\"solar_radiation\":250,\"rain_mm\":%.1f}",
            end,
            INTERVAL_S,
            RAIN_MM);
    return HttpRequest.newBuilder(URI.create(bridge + "/api/stations/" + station + "/observations"))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(10))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  List<Accepted> accepted() {
    return List.copyOf(accepted);
  }

  int failed() {
    return failed;
  }

  @Override
  public void close() {
    running = false;
    thread.shutdown();
    try {
      thread.awaitTermination(15, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
