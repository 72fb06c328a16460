package io.streamrag.bench;

import io.streamrag.modelfake.StreamingModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link FailoverBench} prints: progress lines; a table of the faults, each with the time to
 * its instance's exit and to serving again, and what the chats around it showed (restarted: a
 * {@code reset} within a minute of the fault, and how long after it; degraded answers begun before
 * it served again; until when clients felt it, by what the fault's kind of instance does to a chat:
 * the last reset for llm-service, the last degraded answer begun for retrieval-service, the last
 * chat asked again of another gateway for gateway-service); then one JSON line, the figures
 * first.
 */
final class FailoverReport {

  private static final JsonMapper JSON = new JsonMapper();

  private FailoverReport() {}

  static void print(
      List<FailoverBench.Outcome> outcomes,
      List<FailoverChats.Chat> chats,
      StreamingModel.Stats model,
      long start,
      long stopped) {
    System.out.println(
        "\n| fault | at s | exited s | serves again s | chats restarted | restart after fault p50 / max s"
            + " | degraded answers begun until it serves again | clients affected until s |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    var faults = new LinkedHashMap<String, Object>();
    for (var o : outcomes) {
      long at = o.stopped().atMillis();
      long until = at + (long) ((Double.isNaN(o.readyS()) ? 60 : o.readyS()) * 1000);
      var restarts =
          chats.stream()
              .flatMap(c -> c.resets().stream())
              .filter(r -> r >= at && r <= at + 60_000)
              .mapToDouble(r -> (r - at) / 1000.0)
              .toArray();
      long degraded =
          chats.stream()
              .filter(
                  c -> c.degraded() && c.startedAtMillis() >= at && c.startedAtMillis() <= until)
              .count();
      var p = Percentiles.of(restarts);
      double felt = feltUntil(o, chats, restarts, until);
      String name = o.stopped().how() + " " + o.stopped().instance().name();
      System.out.printf(
          Locale.ROOT,
          "| %s | %.0f | %.1f | %.1f | %d | %s | %d | %s |%n",
          name,
          (at - start) / 1000.0,
          o.exitedS(),
          o.readyS(),
          restarts.length,
          restarts.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f / %.1f", p.p50(), p.max()),
          degraded,
          Double.isNaN(felt) ? "-" : String.format(Locale.ROOT, "%.1f", felt));
      var fault = new LinkedHashMap<String, Object>(); // null for a time not reached
      fault.put("exited_s", round(o.exitedS()));
      fault.put("serves_again_s", round(o.readyS()));
      fault.put("chats_restarted", restarts.length);
      fault.put("restart_after_p50_s", round(restarts.length == 0 ? Double.NaN : p.p50()));
      fault.put("restart_after_max_s", round(restarts.length == 0 ? Double.NaN : p.max()));
      fault.put("degraded_until_served", degraded);
      fault.put("clients_affected_until_s", round(felt));
      faults.put(name, fault);
    }
    System.out.println();
    var out = new LinkedHashMap<String, Object>();
    long total = chats.size();
    long whole = chats.stream().filter(FailoverChats.Chat::answeredWhole).count();
    out.put("chats", total);
    out.put("answered_share", total == 0 ? 0 : Math.round(10_000.0 * whole / total) / 10_000.0);
    out.put("spliced", chats.stream().filter(c -> c.shown().spliced()).count());
    out.put("duplicated", chats.stream().filter(c -> c.shown().duplicated() > 0).count());
    out.put("duplicated_tokens", chats.stream().mapToInt(c -> c.shown().duplicated()).sum());
    out.put("hung", chats.stream().filter(c -> c.verdict().equals("hung")).count());
    out.put("faults", faults);
    out.put("verdicts", verdicts(chats, false));
    out.put(
        "incomplete",
        chats.stream()
            .filter(c -> c.verdict().equals("answered") && !c.shown().spliced())
            .filter(c -> c.shown().missing() > 0)
            .count());
    out.put("restarted", chats.stream().filter(c -> !c.resets().isEmpty()).count());
    out.put(
        "answered_without_model",
        chats.stream().filter(c -> c.verdict().equals("answered") && c.withoutModel()).count());
    out.put("degraded", chats.stream().filter(FailoverChats.Chat::degraded).count());
    out.put("asked_again", chats.stream().filter(c -> c.attempts() > 1).count());
    var took =
        Percentiles.of(
            chats.stream()
                .filter(FailoverChats.Chat::answeredWhole)
                .mapToDouble(FailoverChats.Chat::tookMillis)
                .toArray());
    out.put("answered_p50_ms", took.p50());
    out.put("answered_p99_ms", took.p99());
    out.put("model_calls", model.started());
    out.put("model_calls_closed_early", model.closedEarly());
    out.put("load_s", (stopped - start) / 1000);
    System.out.println(JSON.writeValueAsString(out));
    // a few chats that did not show one whole generation, and what they showed
    chats.stream()
        .filter(c -> !c.answeredWhole())
        .limit(8)
        .forEach(c -> System.out.println("  not whole: " + c.verdict() + " " + c.sample()));
  }

  /**
   * Seconds from the fault to the last sign of it a client saw, among chats begun before its
   * instance served again: NaN when no client saw any.
   */
  private static double feltUntil(
      FailoverBench.Outcome o, List<FailoverChats.Chat> chats, double[] restarts, long until) {
    long at = o.stopped().atMillis();
    java.util.function.Predicate<FailoverChats.Chat> felt =
        switch (o.stopped().instance().service()) {
          case "llm-service" -> c -> false; // its resets, below
          case "retrieval-service" -> FailoverChats.Chat::degraded;
          case "gateway-service" -> c -> c.attempts() > 1;
          default -> c -> false;
        };
    double last =
        chats.stream()
            .filter(c -> c.startedAtMillis() >= at && c.startedAtMillis() <= until)
            .filter(felt)
            .mapToDouble(c -> (c.startedAtMillis() - at) / 1000.0)
            .max()
            .orElse(Double.NaN);
    for (double r : restarts) {
      last = Double.isNaN(last) ? r : Math.max(last, r);
    }
    return last;
  }

  static String progress(long start, FailoverChats chats) {
    var finished = chats.finished();
    return String.format(
        Locale.ROOT,
        "t=%ds chats %d started %s, %d pending",
        (System.currentTimeMillis() - start) / 1000,
        chats.started(),
        verdicts(finished, true),
        chats.started() - finished.size());
  }

  private static Map<String, Long> verdicts(List<FailoverChats.Chat> chats, boolean brief) {
    var verdicts = new TreeMap<String, Long>();
    for (var c : chats) {
      String v = c.answeredWhole() ? "answered" : c.verdict();
      if (c.verdict().equals("answered") && !c.answeredWhole()) {
        v = c.shown().spliced() ? "answered_spliced" : "answered_not_whole";
      }
      verdicts.merge(brief ? v.replaceFirst(":.*", "") : v, 1L, Long::sum);
    }
    return verdicts;
  }

  private static Double round(double s) {
    return Double.isNaN(s) ? null : Math.round(s * 10) / 10.0;
  }
}
