package io.streamrag.bench;

import static io.streamrag.bench.BenchHttp.send;

import io.streamrag.schemas.Ids;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reading to alert, against the running stack (./run.sh, demo profile): N sensors of a maize field
 * on loam under drip with a dry week ahead each get a wet reading, then, with an SSE subscription
 * ({@code GET /api/sensors/{uuid}/events}) open on as many as one key may hold ({@code
 * --subscriptions}, 8 by default, the gateway's limit), a dry reading that makes irrigation needed.
 * The latency is the alert's arrival on the subscription minus the moment the reading was posted,
 * both on this machine's clock.
 */
final class AlertBench {

  private static final JsonMapper JSON = new JsonMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private AlertBench() {}

  /** The bench sensors: the demo profile's {@code dev-bench-key} owns exactly these. */
  static List<String> sensors(int count) {
    return IntStream.range(0, count).mapToObj(i -> Ids.of("alert-bench-sensor", "" + i)).toList();
  }

  static void run(Args args) throws Exception {
    int count = args.integer("sensors", 100);
    int subscriptions = args.integer("subscriptions", 8);
    String bridge = args.text("bridge", "http://127.0.0.1:8081");
    String gateway = args.text("gateway", "http://127.0.0.1:8080");
    String admin = args.text("admin-token", "dev-admin-token");
    String key = args.text("api-key", "dev-bench-key");
    String kafka = args.text("kafka", "localhost:9092");
    var sensors = sensors(count);
    // 1. a device for the sensors, their profile and forecast, and a wet reading each
    var registered =
        send(
            "PUT",
            bridge + "/admin/devices/alert-bench",
            admin,
            JSON.writeValueAsString(Map.of("sensors", sensors)));
    String device = JSON.readTree(registered).get("token").asString();
    for (String s : sensors) {
      send("PUT", bridge + "/api/sensors/" + s + "/profile", admin, profile());
      send("PUT", bridge + "/api/sensors/" + s + "/forecast", admin, forecast());
      send("POST", bridge + "/api/sensors/" + s + "/readings", device, reading(30.0));
    }
    TimeUnit.SECONDS.sleep(3); // the wet state is advised on before the subscriptions open
    // 2. a subscription per sensor, as many as one key may hold open (the gateway's
    // gateway.alerts.max-streams-per-key, 8 by default: one more is refused with 429), noting
    // when each one's first alert arrives; every sensor's alert record is timed on Kafka below
    var arrived = new ConcurrentHashMap<String, Long>();
    var refused = new java.util.concurrent.atomic.AtomicInteger();
    var watched = sensors.subList(0, Math.min(count, subscriptions));
    for (String s : watched) {
      var request =
          HttpRequest.newBuilder(URI.create(gateway + "/api/sensors/" + s + "/events"))
              .header("Authorization", "Bearer " + key)
              .header("Accept", "text/event-stream")
              .build();
      HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
          .thenAccept(
              response -> {
                if (response.statusCode() != 200) {
                  System.err.println("subscription to " + s + ": HTTP " + response.statusCode());
                  refused.incrementAndGet();
                  return;
                }
                response
                    .body()
                    .filter(line -> line.startsWith("event:alert"))
                    .findFirst()
                    .ifPresent(line -> arrived.putIfAbsent(s, System.nanoTime()));
              });
    }
    TimeUnit.SECONDS.sleep(2);
    // 3. the dry readings, one at a time
    var posted = new ConcurrentHashMap<String, Long>();
    var postedWall = new ConcurrentHashMap<String, Long>();
    long since = System.currentTimeMillis();
    for (String s : sensors) {
      postedWall.put(s, System.currentTimeMillis());
      posted.put(s, System.nanoTime());
      send("POST", bridge + "/api/sensors/" + s + "/readings", device, reading(12.0));
      TimeUnit.MILLISECONDS.sleep(20);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (arrived.size() + refused.get() < watched.size() && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(100);
    }
    var latencies = new ArrayList<Double>();
    posted.forEach(
        (s, t) -> {
          Long a = arrived.get(s);
          if (a != null) {
            latencies.add((a - t) / 1e6);
          }
        });
    var p = Percentiles.of(latencies.stream().mapToDouble(Double::doubleValue).toArray());
    System.out.printf(
        Locale.ROOT,
        "{\"sensors\":%d,\"subscribed\":%d,\"refused\":%d,\"alerts\":%d,"
            + "\"reading_to_alert_p50_ms\":%.1f,\"p95_ms\":%.1f,\"p99_ms\":%.1f,\"max_ms\":%.1f}%n",
        count,
        watched.size() - refused.get(),
        refused.get(),
        latencies.size(),
        p.p50(),
        p.p95(),
        p.p99(),
        p.max());
    hops(kafka, postedWall, since);
  }

  /**
   * Where the time goes, from the records' own timestamps (one machine, one clock): the reading
   * posted to its snapshot on {@code sensor.snapshots} (bridge, ingest: the floor every consumer of
   * a reading shares), then to the alert on {@code sensor.alerts} (llm-service advises), the ratio
   * of the two, and the rest is the gateway's relay to the subscription.
   */
  private static void hops(String kafka, Map<String, Long> posted, long since) {
    var snapshot = new ConcurrentHashMap<String, Long>();
    for (var r :
        Hops.read(kafka, io.streamrag.schemas.SensorTopics.SENSOR_SNAPSHOTS.name(), since)) {
      Long t = posted.get(r.key());
      if (t != null && r.timestamp() >= t) {
        snapshot.merge(r.key(), r.timestamp(), Math::min);
      }
    }
    var alert = new ConcurrentHashMap<String, Long>();
    for (var r : Hops.read(kafka, io.streamrag.schemas.ServiceTopics.SENSOR_ALERTS.name(), since)) {
      Long t = posted.get(r.key());
      if (t != null && r.timestamp() >= t) {
        alert.merge(r.key(), r.timestamp(), Math::min);
      }
    }
    var toSnapshot = new ArrayList<Double>();
    var snapshotToAlert = new ArrayList<Double>();
    var toAlert = new ArrayList<Double>();
    posted.forEach(
        (s, t) -> {
          if (snapshot.containsKey(s) && alert.containsKey(s)) {
            toSnapshot.add((double) (snapshot.get(s) - t));
            snapshotToAlert.add((double) (alert.get(s) - snapshot.get(s)));
            toAlert.add((double) (alert.get(s) - t));
          }
        });
    var a = Percentiles.of(toSnapshot.stream().mapToDouble(Double::doubleValue).toArray());
    var b = Percentiles.of(snapshotToAlert.stream().mapToDouble(Double::doubleValue).toArray());
    var c = Percentiles.of(toAlert.stream().mapToDouble(Double::doubleValue).toArray());
    System.out.printf(
        Locale.ROOT,
        "{\"hops\":%d,\"posted_to_snapshot_p50_ms\":%.1f,\"snapshot_to_alert_record_p50_ms\":%.1f,"
            + "\"posted_to_alert_record_p50_ms\":%.1f,\"p99_ms\":[%.1f,%.1f,%.1f],"
            + "\"alert_over_snapshot_p50\":%.2f}%n",
        toAlert.size(),
        a.p50(),
        b.p50(),
        c.p50(),
        a.p99(),
        b.p99(),
        c.p99(),
        c.p50() / Math.max(1e-9, a.p50()));
  }

  private static String profile() {
    return "{\"lat\":35.7,\"lon\":51.4,\"soil_texture\":\"loam\",\"crop\":\"maize\","
        + "\"irrigation_method\":\"drip\",\"depths\":[{\"depth_cm\":10,\"soil_moisture\":30}]}";
  }

  private static String forecast() {
    LocalDate today = LocalDate.now(ZoneId.systemDefault());
    var days = new StringBuilder();
    for (int d = 0; d < 5; d++) {
      days.append(d > 0 ? "," : "")
          .append("{\"date\":\"")
          .append(today.plusDays(d))
          .append("\",\"t_min\":12,\"t_max\":28,\"precipitation_mm\":0,\"et0_mm\":6}");
    }
    return "{\"days\":[" + days + "]}";
  }

  private static String reading(double moisture) {
    return "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":" + moisture + "}";
  }
}
