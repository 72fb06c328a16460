package io.streamrag.bench;

import static io.streamrag.bench.BenchHttp.send;

import io.streamrag.schemas.Ids;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One station's observation → every field that follows it searchable, against the running stack. A
 * station is registered with N fields around it (profiles naming it, written with the admin token).
 * By default each field is a working one: crop, soil and irrigation method, a 5-day forecast, and
 * six readings over the last 20 hours from one device, so its snapshot has every section a farm's
 * has (24 h statistics, profile, forecast, weather); {@code --fields-data profile} keeps the bare
 * profiles of the pages before 2026-12-07 (only the profile and weather sections). Then, round
 * after round, the station posts a 10-minute interval with a little rain, and retrieval's freshness
 * log says when each field's weather section became searchable in all three languages. Printed: per
 * field and round (publish → that field searchable), and per round (publish → the last of the N
 * fields searchable).
 */
final class StationFanOutBench {

  private static final String TOKEN = "bench-station-token-0123456789";

  private StationFanOutBench() {}

  static void run(Args args) throws Exception {
    int fields = args.integer("fields", 200);
    int rounds = args.integer("rounds", 20);
    int gapMs = args.integer("gap-ms", 2000);
    String bridge = args.text("bridge", "http://127.0.0.1:8081");
    // retrieval's actuator (its port + 1000), read with the demo admin token
    String retrieval = args.text("retrieval", "http://127.0.0.1:9083");
    String admin = args.text("admin-token", "dev-admin-token");
    String kafka = args.text("kafka", "localhost:9092");
    String station = "bench-station-" + System.currentTimeMillis() % 100_000;
    boolean working = !args.text("fields-data", "full").equals("profile");

    // 1. the station, and the fields that follow it
    System.out.printf(Locale.ROOT, "registering %s and %d fields around it...%n", station, fields);
    send(
        "PUT",
        bridge + "/api/stations/" + station,
        admin,
        "{\"lat\":35.0,\"lon\":50.0,\"elevation_m\":1000,\"time_zone\":\"UTC\",\"token\":\""
            + TOKEN
            + "\"}");
    var sensors = new ArrayList<String>();
    for (int i = 0; i < fields; i++) {
      sensors.add(Ids.of(station, "field", String.valueOf(i)));
    }
    String device = working ? FieldData.device(bridge, admin, station, sensors) : null;
    for (int i = 0; i < fields; i++) {
      String sensor = sensors.get(i);
      double lat = 35.0 + (i % 20) * 0.005;
      double lon = 50.0 + (i / 20) * 0.005;
      send(
          "PUT",
          bridge + "/api/sensors/" + sensor + "/profile",
          admin,
          working
              ? FieldData.profile(lat, lon, station, i)
              : String.format(
                  Locale.ROOT,
                  "{\"lat\":%.4f,\"lon\":%.4f,\"soil_texture\":\"loam\",\"station_id\":\"%s\"}",
                  lat,
                  lon,
                  station));
      if (working) {
        FieldData.forecastAndReadings(bridge, admin, device, sensor, i);
      }
    }
    // 2. warm-up rounds: the links are folded and the first texts embedded
    Instant clock = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600L * (rounds + 3));
    for (int w = 0; w < 3; w++) {
      clock = clock.plusSeconds(600);
      observe(bridge, station, clock, w);
      Thread.sleep(Math.max(gapMs, 3000));
    }
    // 3. the measured rounds
    System.out.printf(Locale.ROOT, "%d rounds, one observation every %d ms...%n", rounds, gapMs);
    long start = System.currentTimeMillis();
    var published = new ArrayList<Long>();
    for (int r = 0; r < rounds; r++) {
      clock = clock.plusSeconds(600);
      published.add(System.currentTimeMillis());
      observe(bridge, station, clock, 10 + r);
      Thread.sleep(gapMs);
    }
    Thread.sleep(5_000);
    // 4. when each field became searchable after each round
    var log = BenchHttp.freshness(retrieval, start);
    var entries = byField(log);
    var perField = new ArrayList<Double>();
    var perRound = new ArrayList<Double>();
    int missing = 0;
    for (int r = 0; r < published.size(); r++) {
      long from = published.get(r);
      long until = r + 1 < published.size() ? published.get(r + 1) : Long.MAX_VALUE;
      double last = 0;
      for (String sensor : sensors) {
        Long at = searchable(entries, sensor, station, from, until);
        if (at == null) {
          missing++;
          continue;
        }
        perField.add((double) (at - from));
        last = Math.max(last, at - from);
      }
      perRound.add(last);
    }
    var f = Percentiles.of(perField.stream().mapToDouble(Double::doubleValue).toArray());
    var all = Percentiles.of(perRound.stream().mapToDouble(Double::doubleValue).toArray());
    System.out.printf(
        Locale.ROOT,
        "%nstation fan-out: %d fields, %d rounds: %d of %d field-rounds searchable (%d not within"
            + " the round)%n",
        fields,
        rounds,
        f.count(),
        fields * rounds,
        missing);
    System.out.println("observation -> one field searchable: " + f);
    System.out.println("observation -> all fields searchable: " + all);
    Hops.printWeather(kafka, new HashSet<>(sensors), start, log);
    System.out.printf(
        Locale.ROOT,
        "%n| fields | rounds | field p50 ms | field p99 ms | all fields p50 ms | all fields p99 ms |"
            + " all fields max ms |%n| %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
        fields,
        rounds,
        f.p50(),
        f.p99(),
        all.p50(),
        all.p99(),
        all.max());
  }

  /** The moment all three language chunks of the field's weather became searchable in a round. */
  private static Long searchable(
      Map<String, List<long[]>> entries, String sensor, String station, long from, long until) {
    var mine = entries.getOrDefault(sensor + "|station/" + station, List.of());
    var byReceived = new HashMap<Long, long[]>(); // received -> {count, latest searchable}
    for (long[] e : mine) {
      if (e[0] >= from - 2_000 && e[0] < until && e[1] >= from) {
        byReceived.merge(
            e[0], new long[] {1, e[1]}, (a, b) -> new long[] {a[0] + 1, Math.max(a[1], b[1])});
      }
    }
    return byReceived.values().stream()
        .filter(v -> v[0] >= 3)
        .map(v -> v[1])
        .min(Long::compare)
        .orElse(null);
  }

  private static void observe(String bridge, String station, Instant end, int round)
      throws Exception {
    send(
        "POST",
        bridge + "/api/stations/" + station + "/observations",
        TOKEN,
        String.format(
            Locale.ROOT,
            "{\"ts\":\"%s\",\"interval_s\":600,\"air_temperature\":%.1f,\"relative_humidity\":60,"
                + "\"wind_speed\":2,\"solar_radiation\":300,\"rain_mm\":0.2}",
            end,
            10 + round % 10 * 0.1));
  }

  private static Map<String, List<long[]>> byField(JsonNode log) {
    var out = new HashMap<String, List<long[]>>();
    for (JsonNode e : log) {
      out.computeIfAbsent(
              e.get("sensor").asString() + "|" + e.get("source").asString(), k -> new ArrayList<>())
          .add(
              new long[] {
                e.get("receivedAtMillis").asLong(), e.get("searchableAtMillis").asLong()
              });
    }
    return out;
  }
}
