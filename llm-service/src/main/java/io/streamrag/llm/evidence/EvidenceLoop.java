package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Failure handling that knows when to stop (S3): split the question into parts (S3.1), search each
 * part, judge every passage against its part (S3.4), rewrite and search again when nothing is
 * usable (S3.3), all within one budget of searches for the whole question (S3.2), recording each
 * step (S3.6). Parts take turns, so one hard part cannot spend the budget of the others. What is
 * left without evidence is reported, never filled in (S3.5).
 */
public final class EvidenceLoop {

  private final Planner planner;

  public EvidenceLoop(Planner planner) {
    this.planner = planner;
  }

  public Planner planner() {
    return planner;
  }

  /** Gathers evidence for a question with at most {@code budget} searches. */
  public Evidence gather(
      String question, String language, int budget, Searcher searcher, Trace trace) {
    // 1. plan: the parts of the question
    List<Part> parts = planner.decompose(question, language);
    trace.add(
        "plan",
        null,
        question,
        List.of(),
        null,
        parts.size() == 1 ? "one part" : parts.size() + " parts, by " + planner.name());
    var states = parts.stream().map(State::new).toList();
    int searches = 0;
    // 2. rounds: each part still without evidence gets one search, while the budget lasts
    boolean progress = true;
    while (progress) {
      progress = false;
      for (State s : states) {
        if (s.found() || s.exhausted) {
          continue;
        }
        if (searches >= budget) {
          trace.add(
              "budget",
              s.part.text(),
              null,
              List.of(),
              null,
              "search budget of " + budget + " spent");
          return finish(states, searches, false, trace);
        }
        // 3. the query: the part itself first, then rewrites
        Optional<String> query = s.next(planner, language);
        if (query.isEmpty()) {
          s.exhausted = true;
          trace.add("rewrite", s.part.text(), null, List.of(), null, "no rewrite left to try");
          continue;
        }
        if (!s.queries.isEmpty()) {
          trace.add("rewrite", s.part.text(), query.get(), List.of(), null, "nothing usable yet");
        }
        s.queries.add(query.get());
        // 4. search
        Searcher.Found found = searcher.search(query.get(), s.part);
        searches++;
        trace.add(
            "search",
            s.part.text(),
            query.get(),
            found.kbs(),
            null,
            found.degraded()
                ? "knowledge base unavailable: " + found.reason()
                : found.candidates().size() + " results");
        if (found.degraded()) {
          return finish(states, searches, true, trace);
        }
        // 5. judge every passage against its part
        judge(s, found.candidates(), trace);
        progress = true;
      }
    }
    return finish(states, searches, false, trace);
  }

  private void judge(State s, List<Candidate> candidates, Trace trace) {
    if (candidates.isEmpty()) {
      return;
    }
    List<Verdict> verdicts = planner.judge(s.part, candidates);
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      Verdict v = verdicts.get(i);
      trace.add(
          v.accepted() ? "accept" : "reject",
          s.part.text(),
          null,
          List.of(c.kb()),
          c.source(),
          v.reason());
      if (v.accepted() && s.accepted.stream().noneMatch(a -> a.pointId().equals(c.pointId()))) {
        s.accepted.add(c);
      }
    }
  }

  private static Evidence finish(List<State> states, int searches, boolean degraded, Trace trace) {
    var evidence =
        new Evidence(
            states.stream()
                .map(s -> new Evidence.PartEvidence(s.part, s.accepted, s.queries))
                .toList(),
            searches,
            degraded);
    evidence
        .needsHuman()
        .ifPresent(
            n ->
                trace.add(
                    "needs_human",
                    String.join(" | ", n.getMissing()),
                    null,
                    List.of(),
                    null,
                    "no evidence after " + searches + " searches"));
    return evidence;
  }

  /** One part's progress. */
  private static final class State {
    final Part part;
    final List<String> queries = new ArrayList<>();
    final List<Candidate> accepted = new ArrayList<>();
    boolean exhausted;

    State(Part part) {
      this.part = part;
    }

    boolean found() {
      return !accepted.isEmpty();
    }

    Optional<String> next(Planner planner, String language) {
      if (queries.isEmpty()) {
        return Optional.of(part.text());
      }
      return planner
          .rewrite(part, List.copyOf(queries), language)
          .filter(q -> !q.isBlank() && !queries.contains(q));
    }
  }
}
