package io.streamrag.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The service instances of a running {@code ./run.sh --replicas N} in this checkout: {@code
 * <service>} and {@code <service>-2} …, the second on its port + 10 with its actuator on the
 * first's + 100 (run.sh's scheme). Each is found by the port it listens on, checked to be that
 * service's jar run from this checkout, then killed (SIGKILL) or stopped (SIGTERM); run.sh's
 * supervisor starts it again, and it is watched until a new process serves in its place.
 */
final class Instances {

  /** One instance: its name as run.sh logs it, its service, its HTTP and actuator ports. */
  record Instance(String name, String service, int port, int actuator) {}

  /** An instance just stopped: how (kill or term), its pid, when. */
  record Stopped(Instance instance, String how, long pid, long atMillis) {}

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final Path root;

  Instances() throws IOException {
    this.root = Path.of("").toRealPath();
  }

  /** {@code llm-service}, {@code llm-service-2}, …: the instance of that name. */
  static Instance of(String name) {
    int replica = name.matches(".*-\\d") ? Integer.parseInt(name.substring(name.length() - 1)) : 1;
    String service = replica == 1 ? name : name.substring(0, name.length() - 2);
    Integer base = Faults.PORTS.get(service);
    if (base == null || service.equals("kafka")) {
      throw new IllegalArgumentException("unknown service instance " + name);
    }
    return new Instance(
        name, service, base + 10 * (replica - 1), base + 1000 + 100 * (replica - 1));
  }

  /** Every instance of every service, with {@code replicas} of each: first the firsts. */
  static List<Instance> all(int replicas) {
    var out = new ArrayList<Instance>();
    for (int r = 1; r <= replicas; r++) {
      for (String service : Faults.PORTS.keySet()) {
        if (!service.equals("kafka")) {
          out.add(of(r == 1 ? service : service + "-" + r));
        }
      }
    }
    return out;
  }

  /** The pid listening on the instance's port, checked to be its service's jar of this checkout. */
  long pid(Instance i) throws IOException {
    long pid =
        Faults.listener(i.port())
            .orElseThrow(() -> new IllegalStateException("nothing listens on port " + i.port()));
    String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
    Path cwd = Files.readSymbolicLink(Path.of("/proc/" + pid + "/cwd"));
    if (!cmdline.contains("/" + i.service() + "-") || !cwd.equals(root)) {
      throw new IllegalStateException(
          String.format(
              "port %d is held by pid %d (in %s), not %s of %s: not stopping it",
              i.port(), pid, cwd, i.service(), root));
    }
    return pid;
  }

  /** SIGKILL: no shutdown hook runs, no consumer leaves its group, nothing is committed. */
  Stopped kill(Instance i) throws Exception {
    return stop(i, "kill");
  }

  /** SIGTERM: the instance drains (its answers or streams), then exits. */
  Stopped term(Instance i) throws Exception {
    return stop(i, "term");
  }

  private Stopped stop(Instance i, String how) throws Exception {
    long pid = pid(i);
    var process = ProcessHandle.of(pid).orElseThrow();
    long at = System.currentTimeMillis();
    if (how.equals("kill")) {
      process.destroyForcibly();
    } else {
      process.destroy();
    }
    return new Stopped(i, how, pid, at);
  }

  /** Seconds from the stop to the old process's exit; NaN if still alive after {@code limit}. */
  static double exitedS(Stopped s, Duration limit) throws Exception {
    var process = ProcessHandle.of(s.pid());
    if (process.isPresent()) {
      try {
        process.get().onExit().get(limit.toMillis(), TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        return Double.NaN;
      }
    }
    return (System.currentTimeMillis() - s.atMillis()) / 1000.0;
  }

  /** Seconds from the stop until a new process serves in its place; NaN past {@code limit}. */
  double readyS(Stopped s, Duration limit) throws InterruptedException {
    long deadline = s.atMillis() + limit.toMillis();
    while (System.currentTimeMillis() < deadline) {
      var now = Faults.listener(s.instance().port());
      if (now.isPresent() && now.get() != s.pid() && serves(s.instance())) {
        return (System.currentTimeMillis() - s.atMillis()) / 1000.0;
      }
      Thread.sleep(250);
    }
    return Double.NaN;
  }

  /** The instance's readiness probe says UP. */
  boolean serves(Instance i) {
    return ready(http, i.actuator());
  }

  /** The readiness probe on this actuator port says UP. */
  static boolean ready(HttpClient http, int actuator) {
    try {
      var response =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + actuator + "/actuator/health/readiness"))
                  .timeout(Duration.ofSeconds(3))
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
