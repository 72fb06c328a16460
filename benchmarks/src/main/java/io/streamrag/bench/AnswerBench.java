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
      // llm.chat.paraphrase-similarity; 2: never
      double paraphrase = Double.parseDouble(args.text("paraphrase", "0.6"));
      for (String t : args.text("thresholds", "0.3,0.4,0.5,0.6").split(",")) {
        double threshold = Double.parseDouble(t);
        var rules = new DeterministicPlanner(threshold, paraphrase);
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
          AnswerReport.print(set.name(), mode, planner, threshold, split, outcomes);
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

    /**
     * Whether every part of an answerable question has an accepted passage that holds one of its
     * quotes (the question's answered parts when it has no quotes).
     */
    boolean quoted() {
      if (!question.answerable() || !answered()) {
        return false;
      }
      if (question.quotes().isEmpty()) {
        return true;
      }
      var texts = evidence.accepted().stream().map(c -> flat(c.text())).toList();
      return question.quotes().stream()
          .allMatch(
              any -> any.stream().anyMatch(q -> texts.stream().anyMatch(t -> t.contains(flat(q)))));
    }

    /** What the question's kind asks for: every part cited, or {@code needs_human}. */
    boolean ok() {
      return question.answerable() ? answered() : evidence.needsHuman().isPresent();
    }

    private static String flat(String text) {
      return text.replace('\u200c', ' ').replaceAll("\\s+", " ");
    }

    boolean splitRight() {
      return question.parts().isEmpty() || evidence.parts().size() == question.parts().size();
    }
  }
}
