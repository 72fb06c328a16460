package io.streamrag.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleConsumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * The processes of a running {@code ./run.sh} in this checkout, found by the port each listens on,
 * killed with SIGKILL and watched until they serve again. Only a process that listens on the
 * expected port, runs from this checkout and is the expected program (its jar, or the broker's main
 * class) is ever killed; run.sh's supervisor is what restarts it.
 */
final class Faults implements AutoCloseable {

  /** A process of the stack: its name as run.sh logs it and the port it listens on. */
  record Victim(String name, int port) {
    boolean isBroker() {
      return name.equals("kafka");
    }
  }

  /** One kill: the pid killed, and seconds from the kill to it and to the whole stack serving. */
  record Kill(Victim victim, long pid, long atMillis, double readyS, double allReadyS) {}

  static final Map<String, Integer> PORTS =
      new LinkedHashMap<>(
          Map.of(
              "gateway-service", 8080,
              "sensor-bridge", 8081,
              "ingest-service", 8082,
              "retrieval-service", 8083,
              "llm-service", 8084,
              "kafka", 9092));

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Path root;
  private final Admin admin;

  Faults(String bootstrap) throws IOException {
    this.root = Path.of("").toRealPath();
    this.admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2000));
  }

  static Victim victim(String name) {
    Integer port = PORTS.get(name);
    if (port == null) {
      throw new IllegalArgumentException("unknown process " + name + "; one of " + PORTS.keySet());
    }
    return new Victim(name, port);
  }

  /** Fails unless run.sh runs in this checkout: without its supervisor nothing comes back. */
  void requireSupervisor() throws IOException {
    Path pidFile = root.resolve(".run/run.pid");
    String pid = Files.exists(pidFile) ? Files.readString(pidFile).strip() : "";
    Path cmdline = Path.of("/proc", pid.isEmpty() ? "none" : pid, "cmdline");
    if (!Files.exists(cmdline) || !Files.readString(cmdline).contains("run.sh")) {
      throw new IllegalStateException(
          "./run.sh is not running in " + root + ": start it and wait for 'ready'");
    }
  }

  /** A process just killed: its pid and when. */
  record Killed(Victim victim, long pid, long atMillis) {}

  /**
   * Kills the victim with SIGKILL (no shutdown hook runs, no consumer leaves its group) and waits
   * for its exit. A victim not listening yet (still restarting after an earlier fault) is waited
   * for, at most the limit.
   */
  Killed kill(Victim v, Duration limit) throws Exception {
    long deadline = System.currentTimeMillis() + limit.toMillis();
    while (listener(v.port()).isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(250);
    }
    long pid = pidOf(v);
    var process = ProcessHandle.of(pid).orElseThrow();
    long at = System.currentTimeMillis();
    process.destroyForcibly();
    process.onExit().get(10, TimeUnit.SECONDS);
    return new Killed(v, pid, at);
  }

  /**
   * Waits until a new process serves in the killed one's place (told to {@code onReady} at once),
   * then until every process serves. A time not reached within the limit is NaN.
   */
  Kill recovery(Killed k, Duration limit, DoubleConsumer onReady) throws InterruptedException {
    long deadline = k.atMillis() + limit.toMillis();
    double ready = Double.NaN;
    while (System.currentTimeMillis() < deadline) {
      if (Double.isNaN(ready)
          && serves(k.victim())
          && listener(k.victim().port()).filter(p -> p != k.pid()).isPresent()) {
        ready = (System.currentTimeMillis() - k.atMillis()) / 1000.0;
        onReady.accept(ready);
      }
      if (!Double.isNaN(ready) && allServe()) {
        return new Kill(
            k.victim(),
            k.pid(),
            k.atMillis(),
            ready,
            (System.currentTimeMillis() - k.atMillis()) / 1000.0);
      }
      Thread.sleep(500); // half-second resolution; a probe every 250 ms per watcher loads 2 cores
    }
    return new Kill(k.victim(), k.pid(), k.atMillis(), ready, Double.NaN);
  }

  /** Every process of the stack serves: the broker answers and each service is ready. */
  boolean allServe() {
    return PORTS.keySet().stream().allMatch(n -> serves(victim(n)));
  }

  /**
   * A service serves when its readiness probe says UP; the broker when it accepts a connection and
   * answers a metadata request.
   */
  boolean serves(Victim v) {
    if (v.isBroker()) {
      try (var socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", v.port()), 1000);
      } catch (IOException e) {
        return false;
      }
      try {
        admin
            .describeCluster(new DescribeClusterOptions().timeoutMs(2000))
            .nodes()
            .get(3, TimeUnit.SECONDS);
        return true;
      } catch (Exception e) {
        return false;
      }
    }
    return Instances.ready(http, v.port() + 1000);
  }

  /** The pid listening on the victim's port, checked to be that program of this checkout. */
  long pidOf(Victim v) throws IOException {
    long pid =
        listener(v.port())
            .orElseThrow(
                () -> new IllegalStateException("nothing of ours listens on port " + v.port()));
    String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
    Path cwd = Files.readSymbolicLink(Path.of("/proc/" + pid + "/cwd"));
    String program = v.isBroker() ? "LocalKafkaMain" : v.name() + "-";
    if (!cmdline.contains(program) || !cwd.equals(root)) {
      throw new IllegalStateException(
          String.format(
              "port %d is held by pid %d (%s, in %s), not %s of %s: not killing it",
              v.port(), pid, cmdline.strip(), cwd, v.name(), root));
    }
    return pid;
  }

  /** The pid holding a listening TCP socket on the port, among the processes we may inspect. */
  static Optional<Long> listener(int port) {
    Set<String> inodes = new HashSet<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] f = line.trim().split("\\s+");
          // local address "ADDR:PORT" in hex; state 0A is LISTEN; field 9 the socket's inode
          if (f.length > 9 && f[3].equals("0A") && f[1].endsWith(String.format(":%04X", port))) {
            inodes.add("socket:[" + f[9] + "]");
          }
        }
      } catch (IOException e) {
        // no IPv6 table: fine
      }
    }
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path proc : (Iterable<Path>) procs::iterator) {
        String name = proc.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try (var fds = Files.list(proc.resolve("fd"))) {
          for (Path fd : (Iterable<Path>) fds::iterator) {
            if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
              return Optional.of(Long.parseLong(name));
            }
          }
        } catch (IOException | SecurityException e) {
          // another user's process, or one that just ended
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(2));
  }
}
