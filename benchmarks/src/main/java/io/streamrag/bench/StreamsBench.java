package io.streamrag.bench;

import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Many chats at once against the running stack with a model that streams (the fake of {@code
 * model-fake}, started here on {@code --model-port}; start {@code ./run.sh} with {@code
 * LLM_BASE_URL=http://127.0.0.1:18000/v1 LLM_MODEL=fake-streaming LLM_PLANNER=deterministic}). Per
 * level, one JSON line: chats answered and refused, errors by kind, time to first token over the
 * model's own first token (p50/p99), the gap added between tokens (p99), CPU seconds per 100 chats
 * and resident and heap memory per process. {@code --flood N} then lets one key ask N chats at once
 * while another tenant asks a few: the other's first tokens, and what the flood got.
 */
final class StreamsBench {

  private static final JsonMapper JSON = new JsonMapper();

  static final List<String> QUESTIONS =
      List.of(
          "How wet is my soil right now?",
          "رطوبت خاک من چقدر است؟",
          "When should I irrigate my field?",
          "ما هي درجة حرارة التربة في حقلي؟",
          "کود نیتروژن را کی بدهم؟",
          "How do I lower soil pH?");

  private StreamsBench() {}

  static void run(Args args) throws Exception {
    String gateway = args.text("gateway", "http://127.0.0.1:8080");
    int[] levels =
        Arrays.stream(args.text("concurrency", "50,200,500,1000").split(","))
            .mapToInt(Integer::parseInt)
            .toArray();
    long window = args.integer("seconds", 30) * 1000L;
    long warmup = args.integer("warmup-seconds", 10) * 1000L;
    int perKey = args.integer("chats-per-key", 10);
    long timeout = args.integer("chat-timeout", 60) * 1000L;
    var pace =
        new Pace(
            Duration.ofMillis(args.integer("model-first-token-ms", 100)),
            args.integer("model-tokens", 50),
            Duration.ofMillis((long) (args.decimal("model-seconds", 5) * 1000)));
    var timer = Executors.newScheduledThreadPool(1, ReadingLoad.daemon("streams-bench"));
    var http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .executor(Executors.newFixedThreadPool(2, ReadingLoad.daemon("streams-http")))
            .build();
    try (var model = StreamingModel.start(args.integer("model-port", 18000), pace);
        var keys = new BenchKeys(http, gateway, args.text("admin-key", "dev-admin-key"))) {
      int max = Arrays.stream(levels).max().orElse(0);
      List<BenchKeys.Key> issued = keys.issue("bench-streams", (max + perKey - 1) / perKey);
      var level = new StreamLevel(http, gateway, QUESTIONS, timeout, timer);
      for (int concurrency : levels) {
        model.reset();
        var meter = new ProcessMeter();
        var cpu = new ArrayList<Map<String, Double>>();
        var heap = new AtomicReference<Map<String, Long>>();
        var outcome =
            level.run(
                concurrency,
                client -> issued.get(client / perKey),
                pace.total().toMillis(),
                warmup,
                window,
                () -> {
                  synchronized (cpu) {
                    cpu.add(meter.cpuSeconds());
                    if (cpu.size() == 2) {
                      heap.set(meter.heapMiB());
                    }
                  }
                });
        var report = report(concurrency, pace, outcome, cpu, model.stats().maxOpen());
        report.put("heap_mib", heap.get());
        report.put("rss_mib", meter.rssMiB());
        System.out.println(JSON.writeValueAsString(report));
      }
      int cancels = args.integer("cancels", 10);
      if (cancels > 0) {
        model.reset();
        var key = keys.issue("bench-cancel", 1).get(0);
        System.out.println(
            JSON.writeValueAsString(CancelRun.run(http, gateway, key, model, cancels)));
      }
      int flood = args.integer("flood", 0);
      if (flood > 0) {
        var pair = keys.issue("bench-flood", 2);
        var result = FloodRun.run(http, gateway, pair.get(0), pair.get(1), flood, pace, timeout);
        System.out.println(JSON.writeValueAsString(result));
      }
    } finally {
      timer.shutdownNow();
    }
  }

  static Map<String, Object> report(
      int concurrency,
      Pace pace,
      StreamLevel.Outcome outcome,
      List<Map<String, Double>> cpu,
      int modelMaxOpen) {
    var chats = outcome.chats();
    var answered = chats.stream().filter(StreamChat.Result::answered).toList();
    var kinds = new TreeMap<String, Integer>();
    chats.stream()
        .filter(c -> !c.answered())
        .forEach(c -> kinds.merge(c.verdict(), 1, Integer::sum));
    double windowS = (outcome.until() - outcome.from()) / 1e9;
    long endedInWindow =
        answered.stream()
            .filter(c -> c.endedNanos() >= outcome.from() && c.endedNanos() < outcome.until())
            .count();
    double modelFirst = pace.firstToken().toMillis();
    double modelGap = pace.gap().toNanos() / 1e6;
    var ttft = answered.stream().mapToDouble(c -> c.firstTokenMs() - modelFirst).toArray();
    var gaps = new ArrayList<Double>();
    for (var c : answered) {
      for (int i = 1; i < c.tokenNanos().size(); i++) {
        gaps.add((c.tokenNanos().get(i) - c.tokenNanos().get(i - 1)) / 1e6 - modelGap);
      }
    }
    var total = answered.stream().mapToDouble(c -> (c.endedNanos() - c.sentNanos()) / 1e6);
    var out = new LinkedHashMap<String, Object>();
    out.put("bench", "streams");
    out.put("concurrency", concurrency);
    out.put(
        "model",
        Map.of(
            "first_token_ms",
            modelFirst,
            "tokens",
            pace.tokens(),
            "seconds",
            pace.total().toMillis() / 1000.0,
            "max_open_calls",
            modelMaxOpen));
    out.put("window_s", round(windowS));
    out.put("chats", chats.size());
    out.put("answered", answered.size());
    long nonRefused = chats.stream().filter(c -> !c.verdict().startsWith("refused")).count();
    out.put("answered_share", nonRefused == 0 ? 0 : round(answered.size() / (double) nonRefused));
    out.put("answered_per_s", round(endedInWindow / windowS));
    out.put("not_answered", kinds);
    out.put("ttft_over_model_ms", percentiles(Percentiles.of(ttft)));
    out.put(
        "added_gap_ms",
        percentiles(Percentiles.of(gaps.stream().mapToDouble(Double::doubleValue).toArray())));
    out.put("total_ms", percentiles(Percentiles.of(total.toArray())));
    if (cpu.size() == 2 && endedInWindow > 0) {
      var per100 = new LinkedHashMap<String, Double>();
      var cores = new LinkedHashMap<String, Double>();
      double all = 0;
      for (var e : cpu.get(1).entrySet()) {
        double used = e.getValue() - cpu.get(0).getOrDefault(e.getKey(), 0.0);
        per100.put(e.getKey(), round(used / endedInWindow * 100));
        cores.put(e.getKey(), round(used / windowS));
        all += used;
      }
      per100.put("all", round(all / endedInWindow * 100));
      cores.put("all", round(all / windowS));
      out.put("cpu_s_per_100_chats", per100);
      out.put("cpu_cores", cores);
    }
    return out;
  }

  static Map<String, Double> percentiles(Percentiles p) {
    var out = new LinkedHashMap<String, Double>();
    out.put("p50", round(p.p50()));
    out.put("p99", round(p.p99()));
    out.put("max", round(p.max()));
    return out;
  }

  static double round(double value) {
    return Double.isNaN(value) ? -1 : Math.round(value * 100) / 100.0;
  }
}
