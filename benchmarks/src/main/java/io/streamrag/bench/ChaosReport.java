package io.streamrag.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** What {@link ChaosBench} prints: progress lines, a table per fault, and the JSON line. */
final class ChaosReport {

  private ChaosReport() {}

  /** The JSON line: the figures first, then what explains them. */
  static Map<String, Object> line(
      Map<String, Object> audit,
      List<ChatLoad.Chat> chats,
      ReadingLoad readings,
      List<Faults.Kill> kills,
      long start,
      long stopped) {
    var out = new LinkedHashMap<String, Object>();
    var first = new ArrayList<>(audit.entrySet()).subList(0, 4);
    first.forEach(e -> out.put(e.getKey(), e.getValue()));
    var verdicts = new TreeMap<String, Long>();
    chats.forEach(c -> verdicts.merge(c.verdict(), 1L, Long::sum));
    out.put("chats_answered", verdicts.getOrDefault("answered", 0L));
    out.put(
        "chats_errored",
        verdicts.entrySet().stream()
            .filter(e -> e.getKey().startsWith("errored:"))
            .mapToLong(Map.Entry::getValue)
            .sum());
    out.put("chats_hung", verdicts.getOrDefault("hung", 0L));
    // a time not reached within --recovery-limit is null
    var recovery = new LinkedHashMap<String, Double>();
    var allReady = new LinkedHashMap<String, Double>();
    kills.forEach(k -> recovery.put(k.victim().name(), seconds(k.readyS())));
    kills.forEach(k -> allReady.put(k.victim().name(), seconds(k.allReadyS())));
    out.put("recovery_s", recovery);
    out.put("all_serving_s", allReady);
    audit.entrySet().stream().skip(4).forEach(e -> out.put(e.getKey(), e.getValue()));
    var posts = new TreeMap<String, Long>();
    readings.posts().forEach(p -> posts.merge(p.outcome(), 1L, Long::sum));
    out.put("reading_posts", posts);
    out.put("reading_slots_skipped", readings.skipped());
    out.put("chats_started", chats.size());
    var errors = new TreeMap<String, Long>();
    verdicts.forEach(
        (k, n) -> {
          if (k.startsWith("errored:")) {
            errors.put(k.substring(8), n);
          }
        });
    out.put("chat_errors", errors);
    var answered =
        Percentiles.of(
            chats.stream()
                .filter(c -> c.verdict().equals("answered"))
                .mapToDouble(ChatLoad.Chat::tookMillis)
                .toArray());
    out.put("answered_p50_ms", answered.p50());
    out.put("answered_p99_ms", answered.p99());
    out.put("load_s", (stopped - start) / 1000);
    return out;
  }

  private static Double seconds(double s) {
    return Double.isNaN(s) ? null : Math.round(s * 10) / 10.0;
  }

  /** Per fault: what the chats and readings begun between the kill and its recovery got. */
  static void printWindows(
      List<Faults.Kill> kills, List<ChatLoad.Chat> chats, List<ReadingLoad.Post> posts) {
    System.out.println(
        "\n| killed | serves again s | all serve s | chats begun until it serves again | reading posts begun until it serves again |");
    System.out.println("|---|---|---|---|---|");
    for (var k : kills) {
      long from = k.atMillis();
      long to = from + (long) ((Double.isNaN(k.readyS()) ? 0 : k.readyS()) * 1000);
      var verdicts = new TreeMap<String, Long>();
      chats.stream()
          .filter(c -> c.startedAtMillis() >= from && c.startedAtMillis() <= to)
          .forEach(c -> verdicts.merge(c.verdict(), 1L, Long::sum));
      var outcomes = new TreeMap<String, Long>();
      posts.stream()
          .filter(p -> p.atMillis() >= from && p.atMillis() <= to)
          .forEach(p -> outcomes.merge(p.outcome(), 1L, Long::sum));
      System.out.printf(
          Locale.ROOT,
          "| %s | %.1f | %.1f | %s | %s |%n",
          k.victim().name(),
          k.readyS(),
          k.allReadyS(),
          verdicts,
          outcomes);
    }
    System.out.println();
  }

  static String progress(long start, ReadingLoad readings, ChatLoad chats) {
    var posts = new TreeMap<String, Long>();
    readings.posts().forEach(p -> posts.merge(p.outcome(), 1L, Long::sum));
    var verdicts = new TreeMap<String, Long>();
    var finished = chats.finished();
    finished.forEach(c -> verdicts.merge(c.verdict().replaceFirst(":.*", ""), 1L, Long::sum));
    return String.format(
        Locale.ROOT,
        "t=%ds readings %s | chats %d started %s, %d pending",
        (System.currentTimeMillis() - start) / 1000,
        posts,
        chats.started(),
        verdicts,
        chats.started() - finished.size());
  }
}
