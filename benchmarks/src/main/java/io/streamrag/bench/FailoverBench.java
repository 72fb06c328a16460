package io.streamrag.bench;

import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Failover with replicas ({@code ./bench.sh chaos --replicas 2}), against {@code ./run.sh
 * --replicas 2} in this checkout answering with the streaming fake model this benchmark starts
 * (every call's text names the call, so a splice shows): a fixed number of chats in flight across
 * the gateways ({@link FailoverChats}) while instances are killed with SIGKILL or stopped with
 * SIGTERM and brought back by run.sh's supervisor. Scenario {@code goal}: the faults of {@code
 * --faults} at their times; {@code rolling}: every instance of every service stopped with SIGTERM
 * in turn, each once the one before serves again. It prints the answered share, the spliced,
 * duplicated and hung chats, and each fault's recovery ({@link FailoverReport}).
 */
final class FailoverBench {

  private static final String GOAL =
      "20:kill:llm-service,40:kill:retrieval-service-2,60:term:gateway-service-2";
  private static final List<String> ROLLING =
      List.of(
          "sensor-bridge", "ingest-service", "retrieval-service", "llm-service", "gateway-service");

  /** A fault at a time after the load began: {@code <seconds>:<kill|term>:<instance>}. */
  record Planned(int atS, String how, Instances.Instance instance) {
    static Planned parse(String text) {
      String[] f = text.strip().split(":");
      if (f.length != 3 || !(f[1].equals("kill") || f[1].equals("term"))) {
        throw new IllegalArgumentException("a fault is <seconds>:<kill|term>:<instance>: " + text);
      }
      return new Planned(Integer.parseInt(f[0]), f[1], Instances.of(f[2]));
    }
  }

  /** A fault done: the stop, and seconds from it to the old process's exit and to serving again. */
  record Outcome(Instances.Stopped stopped, double exitedS, double readyS) {}

  private FailoverBench() {}

  static void run(Args args) throws Exception {
    int replicas = args.integer("replicas", 2);
    String scenario = args.text("scenario", "goal");
    int inFlight = args.integer("in-flight", 50);
    int seconds = args.integer("seconds", 90);
    int tokens = args.integer("tokens", 50);
    var answer = Duration.ofMillis((long) (args.decimal("answer-seconds", 5) * 1000));
    var chatTimeout = Duration.ofSeconds(args.integer("chat-timeout", 70));
    var limit = Duration.ofSeconds(args.integer("recovery-limit", 240));
    var instances = new Instances();
    var all = Instances.all(replicas);

    // 0. run.sh supervises this checkout, and every instance serves
    try (var faults = new Faults(args.text("kafka", "localhost:9092"))) {
      faults.requireSupervisor();
    }
    for (var i : all) {
      if (!instances.serves(i)) {
        throw new IllegalStateException(
            i.name() + " does not serve: start ./run.sh --replicas " + replicas);
      }
    }
    // 1. the model the system answers with: the fake, streaming each answer for a while
    var pace = new Pace(Duration.ofMillis(100), tokens, answer);
    try (var model = StreamingModel.start(args.integer("model-port", 18000), pace)) {
      ChaosBench.say(
          "model %s at %s; %d chats in flight over %d gateways",
          pace, model.baseUrl(), inFlight, replicas);
      var gateways = new ArrayList<String>();
      all.stream()
          .filter(i -> i.service().equals("gateway-service"))
          .forEach(i -> gateways.add("http://127.0.0.1:" + i.port()));
      // keys of the run's own, 10 chats in flight each: under the per-key limit (20)
      var keys =
          new BenchKeys(
              java.net.http.HttpClient.newHttpClient(),
              gateways.get(0),
              args.text("admin-key", "dev-admin-key"));
      var askers =
          keys.issue("bench-failover", (inFlight + 9) / 10).stream()
              .map(k -> new ChatLoad.Asker(k.secret(), k.sensor()))
              .toList();

      // 2. the load, with a progress line every 10 s
      var chats = new FailoverChats(gateways, askers, tokens, chatTimeout);
      long start = System.currentTimeMillis();
      chats.start(inFlight);
      var progress = Executors.newSingleThreadScheduledExecutor(ReadingLoad.daemon("progress"));
      progress.scheduleAtFixedRate(
          () -> ChaosBench.say("%s", FailoverReport.progress(start, chats)),
          10,
          10,
          TimeUnit.SECONDS);

      // 3. the faults
      var outcomes =
          scenario.equals("rolling")
              ? rolling(instances, replicas, start, args.integer("first-stop", 15), limit)
              : scheduled(instances, args.text("faults", GOAL), start, limit);

      // 4. the load's end: at its time, and at least 15 s past the last recovery
      ChaosBench.sleepUntil(Math.max(start + seconds * 1000L, System.currentTimeMillis() + 15_000));
      long stopped = System.currentTimeMillis();
      ChaosBench.say(
          "stopping the load after %d s; waiting for the chats in flight",
          (stopped - start) / 1000);
      chats.close();
      progress.shutdownNow();

      // 5. what every chat showed, and each fault's recovery
      FailoverReport.print(outcomes, chats.finished(), model.stats(), start, stopped);
      keys.close();
    }
  }

  /** The planned faults at their times; each watched until its instance serves again. */
  private static List<Outcome> scheduled(
      Instances instances, String plan, long start, Duration limit) throws Exception {
    var watchers = Executors.newCachedThreadPool(ReadingLoad.daemon("recovery"));
    var outcomes = new ArrayList<CompletableFuture<Outcome>>();
    for (String text : plan.split(",")) {
      var fault = Planned.parse(text);
      ChaosBench.sleepUntil(start + fault.atS() * 1000L);
      var stopped =
          fault.how().equals("kill")
              ? instances.kill(fault.instance())
              : instances.term(fault.instance());
      ChaosBench.say("%s %s (pid %d)", fault.how(), fault.instance().name(), stopped.pid());
      outcomes.add(CompletableFuture.supplyAsync(() -> watch(instances, stopped, limit), watchers));
    }
    return outcomes.stream().map(CompletableFuture::join).toList();
  }

  /** Every instance stopped with SIGTERM in turn, each once the one before serves again. */
  private static List<Outcome> rolling(
      Instances instances, int replicas, long start, int firstS, Duration limit) throws Exception {
    ChaosBench.sleepUntil(start + firstS * 1000L);
    var outcomes = new ArrayList<Outcome>();
    for (String service : ROLLING) {
      for (int r = 1; r <= replicas; r++) {
        var instance = Instances.of(r == 1 ? service : service + "-" + r);
        var stopped = instances.term(instance);
        ChaosBench.say("term %s (pid %d)", instance.name(), stopped.pid());
        outcomes.add(watch(instances, stopped, limit));
        Thread.sleep(5_000); // the groups settle before the next
      }
    }
    return outcomes;
  }

  private static Outcome watch(Instances instances, Instances.Stopped stopped, Duration limit) {
    try {
      double exited = Instances.exitedS(stopped, limit);
      double ready = instances.readyS(stopped, limit);
      ChaosBench.say(
          "%s: exited %.1f s, serves again %.1f s after the %s",
          stopped.instance().name(), exited, ready, stopped.how());
      return new Outcome(stopped, exited, ready);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
