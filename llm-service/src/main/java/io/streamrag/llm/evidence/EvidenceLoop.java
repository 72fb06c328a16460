package io.streamrag.llm.evidence;

import io.streamrag.llm.provider.model.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Failure handling that knows when to stop (S3): split the question into parts (S3.1), search each
 * part, judge every passage against its part (S3.4), rewrite and search again when nothing is
 * usable (S3.3), all within one budget of searches for the whole question (S3.2), recording each
 * step (S3.6). Parts take turns, so one hard part cannot spend the budget of the others. What is
 * left without evidence is reported, never filled in (S3.5). Each step waits for its search or
 * model call without a thread: the next step runs when the answer comes.
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
  public CompletableFuture<Evidence> gather(
      String question,
      String language,
      int budget,
      Searcher searcher,
      Trace trace,
      Cancellation cancel) {
    // 1. plan: the parts of the question
    return planner
        .decompose(question, language, cancel)
        .thenCompose(
            parts -> {
              trace.add(
                  "plan",
                  null,
                  question,
                  List.of(),
                  null,
                  parts.size() == 1 ? "one part" : parts.size() + " parts, by " + planner.name());
              return new Run(parts, language, budget, searcher, trace, cancel).turn(0, false);
            });
  }

  /** One question's search rounds: each part still without evidence gets one search a round. */
  private final class Run {
    private final List<State> states;
    private final String language;
    private final int budget;
    private final Searcher searcher;
    private final Trace trace;
    private final Cancellation cancel;
    private int searches;

    Run(
        List<Part> parts,
        String language,
        int budget,
        Searcher searcher,
        Trace trace,
        Cancellation cancel) {
      this.states = parts.stream().map(State::new).toList();
      this.language = language;
      this.budget = budget;
      this.searcher = searcher;
      this.trace = trace;
      this.cancel = cancel;
    }

    /** 2. part {@code i}'s turn of the round; {@code progress}: a search ran this round. */
    CompletableFuture<Evidence> turn(int i, boolean progress) {
      if (i == states.size()) {
        return progress ? turn(0, false) : finish(false);
      }
      State s = states.get(i);
      if (s.found() || s.exhausted) {
        return turn(i + 1, progress);
      }
      if (searches >= budget) {
        trace.add(
            "budget",
            s.part.text(),
            null,
            List.of(),
            null,
            "search budget of " + budget + " spent");
        return finish(false);
      }
      cancel.check();
      // 3. the query: the part itself first, then rewrites
      return s.next(planner, language, cancel)
          .thenCompose(
              query -> {
                if (query.isEmpty()) {
                  s.exhausted = true;
                  trace.add(
                      "rewrite", s.part.text(), null, List.of(), null, "no rewrite left to try");
                  return turn(i + 1, progress);
                }
                if (!s.queries.isEmpty()) {
                  trace.add(
                      "rewrite", s.part.text(), query.get(), List.of(), null, "nothing usable yet");
                }
                s.queries.add(query.get());
                return search(s, query.get())
                    .thenCompose(
                        ended ->
                            ended.isPresent()
                                ? CompletableFuture.completedFuture(ended.get())
                                : turn(i + 1, true));
              });
    }

    /** 4. search, then 5. judge every passage against its part; the evidence if the loop ends. */
    private CompletableFuture<Optional<Evidence>> search(State s, String query) {
      cancel.check();
      return searcher
          .search(query, s.part)
          .thenCompose(
              found -> {
                searches++;
                trace.add(
                    "search",
                    s.part.text(),
                    query,
                    found.kbs(),
                    null,
                    found.degraded()
                        ? "knowledge base unavailable: " + found.reason()
                        : found.candidates().size() + " results");
                if (found.degraded()) {
                  return finish(true).thenApply(Optional::of);
                }
                return judge(s, found.candidates()).thenApply(judged -> Optional.empty());
              });
    }

    private CompletableFuture<Void> judge(State s, List<Candidate> candidates) {
      if (candidates.isEmpty()) {
        return CompletableFuture.completedFuture(null);
      }
      return planner
          .judge(s.part, candidates, cancel)
          .thenAccept(
              verdicts -> {
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
                  if (v.accepted()
                      && s.accepted.stream().noneMatch(a -> a.pointId().equals(c.pointId()))) {
                    s.accepted.add(c);
                  }
                }
              });
    }

    private CompletableFuture<Evidence> finish(boolean degraded) {
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
      return CompletableFuture.completedFuture(evidence);
    }
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

    CompletableFuture<Optional<String>> next(
        Planner planner, String language, Cancellation cancel) {
      if (queries.isEmpty()) {
        return CompletableFuture.completedFuture(Optional.of(part.text()));
      }
      return planner
          .rewrite(part, List.copyOf(queries), language, cancel)
          .thenApply(q -> q.filter(query -> !query.isBlank() && !queries.contains(query)));
    }
  }
}
