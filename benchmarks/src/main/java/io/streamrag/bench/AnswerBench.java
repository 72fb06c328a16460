package io.streamrag.bench;

import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.text.Language;
import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.DeterministicPlanner;
import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.evidence.EvidenceLoop;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.retrieval.rerank.FusedOrderReranker;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.TenantFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * Whether answers rest on the right evidence and stop when there is none (S3): every question goes
 * through llm-service's own {@link EvidenceLoop} and planner, searching the set indexed as {@link
 * RetrievalBench} does, with the service's candidates, reranker and keep (7, fused order, 3) and a
 * budget of 4 searches. One JSON line per split (dev, test: half the questions each, by a hash of
 * the id) and relevance threshold: {@code answered_rate} is the share of answerable questions whose
 * evidence cites, for every part, a passage of a document that answers it, with nothing left to a
 * human; {@code refused_rate} the share of unanswerable questions that end in {@code needs_human};
 * {@code split_rate} the share of questions planned into as many parts as the set says. With {@code
 * --traces file.jsonl}, every question's outcome and retrieval path are written there.
 */
final class AnswerBench {

  static final int BUDGET = 4;
  private static final String CALLER = "550e8400-e29b-41d4-a716-446655440000";

  private AnswerBench() {}

  static void run(Path dir, Args args) {
    String mode = args.text("mode", "classic");
    String planner = args.text("planner", "deterministic");
    if (!mode.equals("classic") || !(planner.equals("deterministic") || planner.equals("model"))) {
      throw new IllegalArgumentException(
          "--mode classic with --planner deterministic, or --planner model with --llm-base-url,"
              + " --llm-model and --llm-api-key (an OpenAI-compatible endpoint)");
    }
    var model = planner.equals("model") ? PlanningModel.from(args) : null;
    var set = AnswerSet.read(dir, args);
    var settings = BenchSettings.load(args);
    var executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    var embedder = OnnxEmbedder.bundledMiniLm(executor);
    try (var store = LuceneChunkStore.open(null, embedder.dimension(), embedder.modelId());
        var traces = new TraceFile(args.text("traces", ""))) {
      var beir = new BeirSet(set.name(), set.corpus(), List.of());
      var drafts = BenchIndex.drafts(beir, settings.chunker());
      BenchIndex.index(drafts, store, embedder, settings.embeddingBatchSize(), true);
      var fusion = new FusionPolicy(settings.search(), embedder);
      var filter = TenantFilter.of(CALLER, List.of(BenchIndex.KB));
      var reranker = new FusedOrderReranker();
      for (String t : args.text("thresholds", "0.3,0.4,0.5,0.6").split(",")) {
        double threshold = Double.parseDouble(t);
        var rules = new DeterministicPlanner(threshold);
        var loop = new EvidenceLoop(model == null ? rules : model.planner(rules));
        var outcomes = new ArrayList<Outcome>();
        for (var q : set.questions()) {
          String language = Language.detect(q.text());
          var searcher =
              new StoreSearcher(
                  store, fusion, reranker, filter, settings.search().keep(), language);
          var trace = Trace.quiet();
          var evidence =
              loop.gather(q.text(), language, BUDGET, searcher, trace, Cancellation.none()).join();
          outcomes.add(new Outcome(q, evidence));
          traces.write(threshold, outcomes.get(outcomes.size() - 1), trace);
        }
        for (String split : List.of("dev", "test")) {
          print(set.name(), mode, planner, threshold, split, outcomes);
        }
      }
    } finally {
      executor.shutdown();
    }
  }

  record Outcome(AnswerSet.Question question, Evidence evidence) {

    boolean answered() {
      if (evidence.needsHuman().isPresent()) {
        return false;
      }
      var cited = evidence.accepted().stream().map(Candidate::source).toList();
      return question.parts().stream().allMatch(docs -> cited.stream().anyMatch(docs::contains));
    }

    boolean splitRight() {
      return question.parts().isEmpty() || evidence.parts().size() == question.parts().size();
    }
  }

  private static void print(
      String dataset,
      String mode,
      String planner,
      double threshold,
      String split,
      List<Outcome> all) {
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
        rate(answerable, Outcome::answered),
        rate(unanswerable, o -> o.evidence().needsHuman().isPresent()),
        rate(outcomes, Outcome::splitRight),
        outcomes.stream().mapToInt(o -> o.evidence().searches()).average().orElse(0),
        outcomes.stream().mapToInt(o -> o.evidence().searches()).max().orElse(0));
  }

  private static double rate(List<Outcome> outcomes, java.util.function.Predicate<Outcome> ok) {
    return outcomes.isEmpty() ? 0 : (double) outcomes.stream().filter(ok).count() / outcomes.size();
  }
}
