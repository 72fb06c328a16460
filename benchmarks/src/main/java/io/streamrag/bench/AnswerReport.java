package io.streamrag.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The answer benchmark's figures for one split and threshold: one JSON line for the whole set (as
 * before), then one per kind of question, so that a trade-off shows where it is paid: answered
 * multi-part questions against refused absent topics and wrong entities, threshold by threshold.
 */
final class AnswerReport {

  private AnswerReport() {}

  static void print(
      String dataset,
      String mode,
      String planner,
      double threshold,
      String split,
      List<AnswerBench.Outcome> all) {
    var outcomes = all.stream().filter(o -> o.question().split().equals(split)).toList();
    var answerable = outcomes.stream().filter(o -> o.question().answerable()).toList();
    var unanswerable = outcomes.stream().filter(o -> !o.question().answerable()).toList();
    System.out.printf(
        Locale.ROOT,
        "{\"dataset\":\"%s\",\"mode\":\"%s\",\"planner\":\"%s\",\"threshold\":%.2f,"
            + "\"split\":\"%s\",\"questions\":%d,\"answerable\":%d,\"unanswerable\":%d,"
            + "\"answered_rate\":%.3f,\"refused_rate\":%.3f,\"split_rate\":%.3f,"
            + "\"searches_mean\":%.2f,\"searches_max\":%d}%n",
        dataset,
        mode,
        planner,
        threshold,
        split,
        outcomes.size(),
        answerable.size(),
        unanswerable.size(),
        rate(answerable, AnswerBench.Outcome::answered),
        rate(unanswerable, o -> o.evidence().needsHuman().isPresent()),
        rate(outcomes, AnswerBench.Outcome::splitRight),
        outcomes.stream().mapToInt(o -> o.evidence().searches()).average().orElse(0),
        outcomes.stream().mapToInt(o -> o.evidence().searches()).max().orElse(0));
    var kinds =
        outcomes.stream()
            .collect(
                Collectors.groupingBy(o -> o.question().kind(), TreeMap::new, Collectors.toList()));
    if (kinds.size() < 2 && kinds.keySet().stream().allMatch(AnswerReport::plain)) {
      return;
    }
    kinds.forEach(
        (kind, of) -> {
          long ok = of.stream().filter(AnswerBench.Outcome::ok).count();
          System.out.printf(
              Locale.ROOT,
              "{\"dataset\":\"%s\",\"planner\":\"%s\",\"threshold\":%.2f,\"split\":\"%s\","
                  + "\"kind\":\"%s\",\"questions\":%d,\"ok\":%d,\"ok_rate\":%.3f,"
                  + "\"goal\":\"%s\",\"quoted\":%d,\"split_rate\":%.3f}%n",
              dataset,
              planner,
              threshold,
              split,
              kind,
              of.size(),
              ok,
              (double) ok / of.size(),
              of.get(0).question().answerable() ? "every part cited" : "needs_human",
              of.stream().filter(AnswerBench.Outcome::quoted).count(),
              rate(of, AnswerBench.Outcome::splitRight));
        });
  }

  private static boolean plain(String kind) {
    return kind.equals("answerable") || kind.equals("unanswerable");
  }

  private static double rate(
      List<AnswerBench.Outcome> outcomes, Predicate<AnswerBench.Outcome> ok) {
    return outcomes.isEmpty() ? 0 : (double) outcomes.stream().filter(ok).count() / outcomes.size();
  }
}
