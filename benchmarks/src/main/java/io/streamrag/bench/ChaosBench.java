package io.streamrag.bench;

import io.streamrag.schemas.Ids;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chaos, against the running stack ({@code ./run.sh} in this checkout): chats and readings at a
 * steady rate while each service and the broker in turn is killed with SIGKILL and brought back by
 * run.sh's supervisor (the benchmark restarts nothing itself). Each process's recovery time runs
 * from its kill to its readiness probe answering UP again (the broker: accepting a connection and
 * answering a metadata request). Then, with the stack quiet, what became of every accepted reading
 * ({@link ChaosAudit}) and of every chat ({@link ChatLoad}).
 */
final class ChaosBench {

  private static final JsonMapper JSON = new JsonMapper();
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
  private static final String ORDER =
      "ingest-service,retrieval-service,llm-service,gateway-service,sensor-bridge,kafka";

  private ChaosBench() {}

  static void run(Args args) throws Exception {
    if (args.integer("replicas", 1) > 1) { // ./run.sh --replicas N: failover without splicing
      FailoverBench.run(args);
      return;
    }
    int seconds = args.integer("seconds", 180);
    double chatRate = args.decimal("chats", 10);
    double readingRate = args.decimal("readings", 50);
    double observationRate = args.decimal("observations", 2);
    int sensorCount = args.integer("sensors", 25);
    int firstKill = args.integer("first-kill", 15);
    int killEvery = args.integer("kill-every", 25);
    var order =
        Arrays.stream(args.text("order", ORDER).split(","))
            .filter(name -> !name.isBlank() && !name.equals("none"))
            .map(Faults::victim)
            .toList();
    // The gateway ends a chat with an error event 30 s without a first event, or 30 s between
    // two (gateway.chat.answer-timeout, idle-timeout); a chat silent past both is hung.
    var chatTimeout = Duration.ofSeconds(args.integer("chat-timeout", 70));
    var recoveryLimit = Duration.ofSeconds(args.integer("recovery-limit", 300));
    // By default the kills keep their schedule, so all of them fall within the load's time and
    // outages overlap when a restart takes longer than the spacing (it does on 2 cores); with
    // --wait true a kill waits until every process serves again, so each recovery time belongs to
    // one fault, and the load lasts as long as that takes.
    boolean wait = Boolean.parseBoolean(args.text("wait", "false"));
    String bridge = args.text("bridge", "http://127.0.0.1:8081");
    String gateway = args.text("gateway", "http://127.0.0.1:8080");
    // retrieval's actuator (its port + 1000), read with the demo admin token
    String retrieval = args.text("retrieval", "http://127.0.0.1:9083");
    String kafka = args.text("kafka", "localhost:9092");
    String admin = args.text("admin-token", "dev-admin-token");

    try (var faults = new Faults(kafka)) {
      // 0. run.sh supervises this checkout, everything serves, every victim is ours
      faults.requireSupervisor();
      if (!faults.allServe()) {
        throw new IllegalStateException("not every process serves: wait for run.sh's 'ready'");
      }
      for (var v : order) {
        say("%s is pid %d on port %d", v.name(), faults.pidOf(v), v.port());
      }
      // 1. sensors of this run's own, so each starts with no snapshot and its folds can be counted
      long since = System.currentTimeMillis();
      String run = Long.toString(since, 36);
      var sensors =
          IntStream.range(0, sensorCount)
              .mapToObj(i -> Ids.of("chaos-bench-sensor", run, String.valueOf(i)))
              .toList();
      String token = register(bridge, admin, sensors);
      var readings = new ReadingLoad(bridge, token, sensors, readingRate, Duration.ofSeconds(10));
      warmUp(readings, sensors);
      // and a weather station of this run's own, followed by the run's first sensor
      String station = "chaos-station-" + run;
      String stationToken = ChaosStation.register(bridge, admin, station, sensors.get(0));
      var weather = new WeatherLoad(bridge, station, stationToken, observationRate, seconds);
      var askers =
          List.of(
              new ChatLoad.Asker("dev-farmer-key", "550e8400-e29b-41d4-a716-446655440000"),
              new ChatLoad.Asker("dev-other-key", "6fa459ea-ee8a-3ca4-894e-db77e160355e"));
      var chats = new ChatLoad(gateway, askers, chatRate, chatTimeout);

      // 2. the load, with a progress line every 10 s
      say(
          "load: %.0f chats/s, %.0f readings/s over %d sensors, %.1f observations/s, %d s; kills: %s",
          chatRate,
          readingRate,
          sensorCount,
          observationRate,
          seconds,
          order.stream().map(Faults.Victim::name).toList());
      long start = System.currentTimeMillis();
      readings.start();
      weather.start();
      chats.start();
      var progress = Executors.newSingleThreadScheduledExecutor(ReadingLoad.daemon("progress"));
      progress.scheduleAtFixedRate(
          () -> say("%s", ChaosReport.progress(start, readings, chats)), 10, 10, TimeUnit.SECONDS);

      // 3. the faults, in turn, on schedule; with --wait, never before the stack serves again
      var watchers = Executors.newCachedThreadPool(ReadingLoad.daemon("recovery"));
      var recoveries = new ArrayList<CompletableFuture<Faults.Kill>>();
      for (int k = 0; k < order.size(); k++) {
        sleepUntil(start + (firstKill + (long) k * killEvery) * 1000);
        if (wait && k > 0) {
          recoveries.get(k - 1).join();
        }
        var killed = faults.kill(order.get(k), recoveryLimit);
        say("kill -9 %s (pid %d)", killed.victim().name(), killed.pid());
        recoveries.add(
            CompletableFuture.supplyAsync(
                () -> {
                  var kill = recover(faults, killed, recoveryLimit);
                  say(
                      "every process serves %.1f s after the kill of %s",
                      kill.allReadyS(), kill.victim().name());
                  return kill;
                },
                watchers));
      }
      var kills = recoveries.stream().map(CompletableFuture::join).toList();
      // the load goes on for its time, and at least 10 s past the last recovery
      sleepUntil(Math.max(start + seconds * 1000L, System.currentTimeMillis() + 10_000));
      long stopped = System.currentTimeMillis();
      say(
          "stopping the load after %d s; waiting for the chats in flight",
          (stopped - start) / 1000);
      readings.close();
      weather.close();
      chats.close();
      progress.shutdownNow();
      say("%s", ChaosReport.progress(start, readings, chats));

      // 4. once the stack is quiet, what became of every reading and chat
      if (!ChaosAudit.settle(kafka, retrieval, Duration.ofSeconds(180))) {
        say("the stack did not become quiet within 180 s: figures below may still be moving");
      }
      var figures =
          new java.util.LinkedHashMap<>(
              ChaosAudit.audit(
                  kafka, retrieval, Set.copyOf(sensors), readings.accepted(), since - 1000));
      figures.putAll(WeatherAudit.audit(kafka, station, weather.accepted(), sensors.get(0)));
      figures.put("observation_posts_failed", weather.failed());
      var chatList = chats.finished();
      ChaosReport.printWindows(kills, chatList, readings.posts());
      System.out.println(
          JSON.writeValueAsString(
              ChaosReport.line(figures, chatList, readings, kills, start, stopped)));
    }
  }

  /** Registers (or re-registers) the benchmark's device for this run's sensors; its token. */
  private static String register(String bridge, String admin, List<String> sensors)
      throws Exception {
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(bridge + "/admin/devices/chaos-bench"))
                    .header("Authorization", "Bearer " + admin)
                    .header("Content-Type", "application/json")
                    .PUT(
                        HttpRequest.BodyPublishers.ofString(
                            JSON.writeValueAsString(Map.of("sensors", sensors))))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "registering the device failed: HTTP " + response.statusCode() + " " + response.body());
    }
    return JSON.readTree(response.body()).get("token").asString();
  }

  /** One accepted reading per sensor before the load: the new device has reached the bridge. */
  private static void warmUp(ReadingLoad readings, List<String> sensors) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    for (String s : sensors) {
      while (!readings.postOnce(s, Instant.now().truncatedTo(ChronoUnit.MILLIS))) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException(
              "the bridge refuses the new device's readings after 30 s");
        }
        Thread.sleep(200);
      }
    }
  }

  private static Faults.Kill recover(Faults faults, Faults.Killed killed, Duration limit) {
    try {
      return faults.recovery(
          killed,
          limit,
          s -> say("%s serves again %.1f s after the kill", killed.victim().name(), s));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static void sleepUntil(long epochMillis) throws InterruptedException {
    long wait = epochMillis - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  static void say(String format, Object... args) {
    System.out.printf(
        Locale.ROOT,
        "%s %s%n",
        LocalTime.now().format(CLOCK),
        String.format(Locale.ROOT, format, args));
  }
}
