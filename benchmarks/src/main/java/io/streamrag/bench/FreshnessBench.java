package io.streamrag.bench;

import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publish → searchable, against the running stack. N simulated devices, each registered through the
 * admin API with a sensor of its own, publish readings over MQTT (QoS 1) at a total rate. A reading
 * counts as searchable when retrieval has made both its English and Persian readings chunks visible
 * to searches (retrieval's freshness log, {@code /actuator/freshness}); the latency is that moment
 * minus the moment the device published. Printed beside it: where the time went, hop by hop, and
 * the floor, the embedding time of one reading's snapshot measured in this process with the same
 * model.
 */
final class FreshnessBench {

  private static final JsonMapper JSON = new JsonMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** How far behind its schedule the generator still catches up, in ms of slots. */
  private static final int CATCH_UP_MS = 20;

  private record Device(String id, String sensor, String token) {}

  private record Published(String sensor, long atMillis) {}

  private FreshnessBench() {}

  static void run(Args args) throws Exception {
    int devices = args.integer("devices", 1000);
    double rate = args.decimal("rate", 100);
    int seconds = args.integer("seconds", 30);
    String bridge = args.text("bridge", "http://127.0.0.1:8081");
    // retrieval's actuator (its port + 1000), read with the demo admin token
    String retrieval = args.text("retrieval", "http://127.0.0.1:9083");
    URI mqtt = URI.create(args.text("mqtt", "tcp://127.0.0.1:1883").replace("tcp://", "http://"));
    String admin = args.text("admin-token", "dev-admin-token");
    String kafka = args.text("kafka", "localhost:9092");

    // 0. the floor: embedding one reading's snapshot, as ingest does, with the same model
    double[] floor = embeddingFloor();

    // 1. a fleet of devices, each with its own sensor, registered and connected over MQTT
    System.out.printf(Locale.ROOT, "registering and connecting %d devices...%n", devices);
    List<Device> fleet = register(devices, bridge, admin);
    try (var clients =
        new MqttFleet(
            mqtt.getHost(),
            mqtt.getPort(),
            fleet.stream().map(d -> new MqttFleet.Login(d.id(), d.token())).toList())) {

      // 2. a warm-up third, then the measured run, at a steady total rate
      int warmup = Math.max(5, seconds / 3);
      System.out.printf(
          Locale.ROOT,
          "publishing %.0f readings/s: %d s warm-up, %d s measured...%n",
          rate,
          warmup,
          seconds);
      publish(fleet, clients, rate, warmup, 0, new ArrayList<>());
      long start = System.currentTimeMillis();
      var lateness = new ArrayList<Double>();
      var published = publish(fleet, clients, rate, seconds, 1_000, lateness);

      // 3. wait for the tail, then read when each reading became searchable
      Thread.sleep(5_000);
      var log = BenchHttp.freshness(retrieval, start);
      var p = Percentiles.of(match(published, log));
      var late = Percentiles.of(lateness.stream().mapToDouble(Double::doubleValue).toArray());
      var f = Percentiles.of(floor);
      System.out.printf(
          Locale.ROOT,
          "%nfreshness: %d devices, %.0f readings/s for %d s: %d published (%.0f/s), %d searchable, %d not found within 5 s after the run%n",
          devices,
          rate,
          seconds,
          published.size(),
          published.size() / (double) seconds,
          p.count(),
          published.size() - p.count());
      System.out.println("publish -> searchable: " + p);
      System.out.printf(
          Locale.ROOT,
          "generator: %d PUBACKs; publishes late against their schedule by p50 %.2f ms, p99 %.2f ms%n",
          clients.acknowledged(),
          late.p50(),
          late.p99());
      System.out.printf(
          Locale.ROOT,
          "floor, embedding what ingest embeds for one reading: p50 %.2f ms, p99 %.2f ms (n=%d)%n",
          f.p50(),
          f.p99(),
          f.count());
      Hops.print(kafka, fleet.stream().map(Device::sensor).collect(Collectors.toSet()), start, log);
      System.out.printf(
          Locale.ROOT,
          "%n| devices | readings/s | seconds | searchable | p50 ms | p95 ms | p99 ms | max ms | embedding floor p50 ms |%n"
              + "| %d | %.0f | %d | %d/%d | %.1f | %.1f | %.1f | %.1f | %.2f |%n",
          devices,
          rate,
          seconds,
          p.count(),
          published.size(),
          p.p50(),
          p.p95(),
          p.p99(),
          p.max(),
          f.p50());
    }
  }

  private static double[] embeddingFloor() {
    var executor =
        Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
    var embedder = OnnxEmbedder.bundledMiniLm(executor);
    var snapshot =
        new SnapshotFolder(new SnapshotText())
            .fold(null, reading(Ids.of("bench-floor"), Instant.now(), 23.4))
            .orElseThrow();
    var section = new SnapshotText().sections(snapshot).get(0);
    // What ingest embeds for a new reading: the readings section's meaning, in each language the
    // model reads (the bundled model reads English only; Persian and Arabic chunks are
    // lexical-only).
    var texts = new ArrayList<String>();
    if (embedder.reads("en")) {
      texts.add(section.in("en").meaning());
    }
    for (String language : List.of("fa", "ar")) {
      if (embedder.reads(language)) {
        texts.add(section.in(language).meaning());
      }
    }
    for (int i = 0; i < 50; i++) {
      embedder.embedAll(texts);
    }
    double[] times = new double[200];
    for (int i = 0; i < times.length; i++) {
      long t0 = System.nanoTime();
      embedder.embedAll(texts);
      times[i] = (System.nanoTime() - t0) / 1e6;
    }
    executor.shutdown();
    return times;
  }

  private static List<Device> register(int count, String bridge, String admin) throws Exception {
    var fleet = new ArrayList<Device>();
    for (int i = 0; i < count; i++) {
      String id = String.format(Locale.ROOT, "bench-%04d", i);
      String sensor = Ids.of("bench-sensor", id);
      var response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(bridge + "/admin/devices/" + id))
                  .header("Authorization", "Bearer " + admin)
                  .header("Content-Type", "application/json")
                  .PUT(HttpRequest.BodyPublishers.ofString("{\"sensors\":[\"" + sensor + "\"]}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            "registering "
                + id
                + " failed: HTTP "
                + response.statusCode()
                + " "
                + response.body()
                + " (is ./run.sh running?)");
      }
      fleet.add(new Device(id, sensor, JSON.readTree(response.body()).get("token").asString()));
    }
    return fleet;
  }

  /**
   * Publishes round-robin at a steady total rate from this one thread: each publish waits for its
   * slot; a late slot is published at once, and slots missed by up to {@link #CATCH_UP_MS} are
   * caught up (at 1,000/s a slot is 1 ms, shorter than the pauses six JVMs on two cores give this
   * thread: without catching up it offered 850-880 readings/s when asked for 1,000). Further
   * behind, it starts afresh instead of a longer burst. Returns what was sent when, and records how
   * late each publish was.
   */
  private static List<Published> publish(
      List<Device> fleet,
      MqttFleet mqtt,
      double rate,
      int seconds,
      int firstRound,
      List<Double> lateness) {
    var sent = new ArrayList<Published>();
    long period = (long) (1e9 / rate);
    long start = System.nanoTime();
    long next = start;
    long end = start + seconds * 1_000_000_000L;
    for (int n = 0; next < end; n++, next += period) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      } else if (-wait > CATCH_UP_MS * 1_000_000L) {
        next = System.nanoTime(); // far behind: start afresh instead of a long burst
      }
      lateness.add(Math.max(0, (System.nanoTime() - next) / 1e6));
      int index = n % fleet.size();
      Device d = fleet.get(index);
      long now = System.currentTimeMillis();
      // a value unlike the device's previous one: an unchanged text is not re-indexed, and the
      // reading would be matched to the device's next one (a round later: ~10 s at 100/s)
      int round = firstRound + n / fleet.size();
      double moisture = 10 + Math.floorMod(round * 37 + index, 300) / 10.0;
      String payload =
          String.format(
              Locale.ROOT,
              "{\"ts\":\"%s\",\"soil_moisture\":%.1f,\"temperature\":%.1f}",
              Instant.ofEpochMilli(now),
              moisture,
              18.0 + moisture / 10);
      mqtt.publish(
          index, "sensors/" + d.sensor() + "/readings", payload.getBytes(StandardCharsets.UTF_8));
      sent.add(new Published(d.sensor(), now));
    }
    return sent;
  }

  /**
   * Latency per reading: the first moment, at or after its publish, when both language chunks of
   * its sensor's readings were searchable (a coalesced burst counts from the flush that covered
   * it).
   */
  static double[] match(List<Published> published, JsonNode entries) {
    Map<String, TreeMap<Long, Long>> searchable =
        new HashMap<>(); // sensor -> received -> searchable
    Map<String, Map<Long, Integer>> languages = new HashMap<>();
    for (JsonNode e : entries) {
      if (!e.get("source").asString().endsWith("/readings")) {
        continue;
      }
      String sensor = e.get("sensor").asString();
      long received = e.get("receivedAtMillis").asLong();
      searchable
          .computeIfAbsent(sensor, s -> new TreeMap<>())
          .merge(received, e.get("searchableAtMillis").asLong(), Math::max);
      languages.computeIfAbsent(sensor, s -> new HashMap<>()).merge(received, 1, Integer::sum);
    }
    var out = new ArrayList<Double>();
    for (Published p : published) {
      var bySensor = searchable.get(p.sensor());
      if (bySensor == null) {
        continue;
      }
      for (var entry : bySensor.tailMap(p.atMillis(), true).entrySet()) {
        if (languages.get(p.sensor()).get(entry.getKey()) >= 2) {
          out.add((double) (entry.getValue() - p.atMillis()));
          break;
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static SensorReadingReceived reading(String sensor, Instant at, double moisture) {
    return SensorReadingReceived.newBuilder()
        .setEventId(Ids.of(sensor, at.toString()))
        .setSensorUuid(sensor)
        .setDeviceId("bench")
        .setTransport("mqtt")
        .setMeasuredAt(at.truncatedTo(ChronoUnit.MILLIS))
        .setReceivedAt(at.truncatedTo(ChronoUnit.MILLIS))
        .setSoilMoisture(moisture)
        .setTemperature(20.3)
        .build();
  }
}
