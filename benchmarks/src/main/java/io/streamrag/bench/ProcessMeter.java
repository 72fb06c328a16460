package io.streamrag.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * The CPU time and memory of each process of a running {@code ./run.sh} (found by the port it
 * listens on), and of this benchmark's own process: CPU from {@code /proc/<pid>/stat} (user +
 * system, PostgreSQL's server with all its backends), resident memory from {@code status}, and each
 * service's used heap from its {@code jvm.memory.used} metric. A backend that ended between two
 * samples takes its CPU with it: PostgreSQL's figure is a floor.
 */
final class ProcessMeter {

  private static final JsonMapper JSON = new JsonMapper();
  private static final double TICKS_PER_SECOND = 100.0; // USER_HZ on Linux x86-64

  /** The processes measured: run.sh's names and ports, PostgreSQL, and the benchmark itself. */
  static final Map<String, Integer> PORTS = new LinkedHashMap<>(Faults.PORTS);

  static {
    PORTS.put("postgres", 5432);
  }

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Map<String, Long> pids = new LinkedHashMap<>();

  ProcessMeter() {
    PORTS.forEach((name, port) -> Faults.listener(port).ifPresent(pid -> pids.put(name, pid)));
    pids.put("bench", ProcessHandle.current().pid());
  }

  /** CPU seconds used so far, by process. */
  Map<String, Double> cpuSeconds() {
    var out = new LinkedHashMap<String, Double>();
    pids.forEach(
        (name, pid) -> {
          Stream<ProcessHandle> family =
              name.equals("postgres")
                  ? ProcessHandle.of(pid).stream()
                      .flatMap(p -> Stream.concat(Stream.of(p), p.descendants()))
                  : ProcessHandle.of(pid).stream();
          out.put(name, family.mapToLong(p -> ticks(p.pid())).sum() / TICKS_PER_SECOND);
        });
    return out;
  }

  /** Resident memory in MiB, by process (PostgreSQL: its server process alone). */
  Map<String, Long> rssMiB() {
    var out = new LinkedHashMap<String, Long>();
    pids.forEach((name, pid) -> out.put(name, rssKiB(pid) / 1024));
    return out;
  }

  /** Used heap in MiB of each service that reports it. */
  Map<String, Long> heapMiB() {
    var out = new LinkedHashMap<String, Long>();
    Faults.PORTS.forEach(
        (name, port) -> {
          if (!name.equals("kafka")) {
            // the actuator's port; its metrics need the service's demo admin token
            String token = name.equals("gateway-service") ? "dev-admin-key" : "dev-admin-token";
            heap(port + 1000, token).ifPresent(mib -> out.put(name, mib));
          }
        });
    Runtime rt = Runtime.getRuntime();
    out.put("bench", (rt.totalMemory() - rt.freeMemory()) >> 20);
    return out;
  }

  /**
   * The heap in use: the metrics endpoint where a service exposes it, else the sum of its
   * Prometheus lines {@code jvm_memory_used_bytes{area="heap",...}} (gateway and llm-service expose
   * only Prometheus).
   */
  private java.util.Optional<Long> heap(int port, String token) {
    try {
      var metrics = get(port, token, "/actuator/metrics/jvm.memory.used?tag=area:heap");
      if (metrics.statusCode() == 200) {
        double bytes =
            JSON.readTree(metrics.body()).path("measurements").path(0).path("value").asDouble();
        return java.util.Optional.of((long) bytes >> 20);
      }
      var prometheus = get(port, token, "/actuator/prometheus");
      if (prometheus.statusCode() != 200) {
        return java.util.Optional.empty();
      }
      double bytes =
          prometheus
              .body()
              .lines()
              .filter(l -> l.startsWith("jvm_memory_used_bytes{area=\"heap\""))
              .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
              .sum();
      return bytes > 0 ? java.util.Optional.of((long) bytes >> 20) : java.util.Optional.empty();
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return java.util.Optional.empty();
    }
  }

  private HttpResponse<String> get(int port, String token, String path)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(3))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static long ticks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      // after the command name, in parentheses, field 14 (utime) and 15 (stime) counting from 1
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long rssKiB(long pid) {
    try {
      return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
          .filter(l -> l.startsWith("VmRSS:"))
          .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
          .findFirst()
          .orElse(0);
    } catch (IOException e) {
      return 0;
    }
  }
}
