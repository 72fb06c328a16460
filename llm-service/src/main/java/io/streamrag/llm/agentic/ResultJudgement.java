package io.streamrag.llm.agentic;

import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.evidence.Verdict;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.KnowledgeResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The tool's results judged against every part of the question before the model sees them (S3.4): a
 * result is usable when it is evidence for some part, and each part keeps what it accepted and the
 * queries searched for it. The parts are judged at once; their verdicts are merged in order.
 */
final class ResultJudgement {

  private final Planner planner;
  private final List<Part> parts;
  private final Trace trace;
  private final Cancellation cancel;
  private final Map<Part, List<Candidate>> accepted = new LinkedHashMap<>();
  private final Map<Part, List<String>> queries = new LinkedHashMap<>();

  ResultJudgement(Planner planner, List<Part> parts, Trace trace, Cancellation cancel) {
    this.planner = planner;
    this.parts = parts;
    this.trace = trace;
    this.cancel = cancel;
    parts.forEach(
        p -> {
          accepted.put(p, new ArrayList<>());
          queries.put(p, new ArrayList<>());
        });
  }

  /** The results that are evidence for some part, in their order. */
  CompletableFuture<List<KnowledgeResult>> usable(String query, List<KnowledgeResult> results) {
    var candidates = results.stream().map(ResultJudgement::candidate).toList();
    var judged = parts.stream().map(part -> planner.judge(part, candidates, cancel)).toList();
    return CompletableFuture.allOf(judged.toArray(CompletableFuture[]::new))
        .thenApply(all -> merge(query, results, candidates, judged));
  }

  private List<KnowledgeResult> merge(
      String query,
      List<KnowledgeResult> results,
      List<Candidate> candidates,
      List<CompletableFuture<List<Verdict>>> judged) {
    var usable = new boolean[results.size()];
    var reasons = new String[results.size()];
    for (int p = 0; p < parts.size(); p++) {
      Part part = parts.get(p);
      queries.get(part).add(query);
      List<Verdict> verdicts = judged.get(p).join();
      for (int i = 0; i < candidates.size(); i++) {
        if (verdicts.get(i).accepted()) {
          usable[i] = true;
          reasons[i] = verdicts.get(i).reason();
          var list = accepted.get(part);
          Candidate c = candidates.get(i);
          if (list.stream().noneMatch(a -> a.pointId().equals(c.pointId()))) {
            list.add(c);
          }
        } else if (reasons[i] == null) {
          reasons[i] = verdicts.get(i).reason();
        }
      }
    }
    var out = new ArrayList<KnowledgeResult>();
    for (int i = 0; i < results.size(); i++) {
      trace.add(
          usable[i] ? "accept" : "reject",
          null,
          null,
          List.of(results.get(i).getKnowledgeBaseId()),
          results.get(i).getSource(),
          reasons[i]);
      if (usable[i]) {
        out.add(results.get(i));
      }
    }
    return out;
  }

  private static Candidate candidate(KnowledgeResult r) {
    return new Candidate(
        r.getPointId(),
        r.getText(),
        r.getSource(),
        r.getKnowledgeBaseId(),
        r.getSensorUuid(),
        r.getRelevance(),
        r.getLanguage(),
        Double.NaN);
  }

  Map<Part, List<Candidate>> accepted() {
    return accepted;
  }

  Map<Part, List<String>> queries() {
    return queries;
  }
}
