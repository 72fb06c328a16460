package io.streamrag.bench;

import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.rerank.RelevanceCalibration;
import io.streamrag.retrieval.rerank.RelevanceScorer;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.TenantFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * Fits the local reranker's relevance calibration (Platt scaling) on labelled BEIR sets: every
 * question's candidates, as the service gets them (hybrid search, the configured 7), scored raw by
 * the reranker and labelled relevant when their document is judged relevant. Questions are split in
 * halves by a CRC32 of their id ({@link QuerySplit}, as every benchmark splits): the fit uses
 * {@code dev} only, and the figures of {@code test} judge it. Several sets, comma-separated, are
 * pooled. Prints one JSON line per set and split, then the fitted calibration.
 */
final class RerankCalibrationBench {

  private static final String CALLER = "550e8400-e29b-41d4-a716-446655440000";

  private record Labelled(String set, String split, double raw, boolean relevant) {}

  private RerankCalibrationBench() {}

  static void run(String dirs, Args args) {
    var settings = BenchSettings.load(args);
    var reranker = BenchReranker.of(args);
    var scorer = (RelevanceScorer) reranker;
    var executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    var embedder = OnnxEmbedder.bundledMiniLm(executor);
    var all = new ArrayList<Labelled>();
    try {
      for (String dir : dirs.split(",")) {
        var set = BeirSet.read(Path.of(dir));
        try (var store = LuceneChunkStore.open(null, embedder.dimension(), embedder.modelId())) {
          var drafts = BenchIndex.drafts(set, settings.chunker());
          BenchIndex.index(drafts, store, embedder, settings.embeddingBatchSize(), true);
          var fusion = new FusionPolicy(settings.search(), embedder);
          var filter = TenantFilter.of(CALLER, List.of(BenchIndex.KB));
          for (var q : set.queries()) {
            var hits =
                store.search(
                    fusion.query(
                        q.text(),
                        Language.detect(q.text()),
                        filter,
                        settings.search().candidates()));
            double[] raw = scorer.rawScores(q.text(), hits);
            for (int i = 0; i < raw.length; i++) {
              boolean relevant = q.relevant().containsKey(hits.get(i).chunk().docId());
              all.add(new Labelled(set.name(), QuerySplit.of(q.id()), raw[i], relevant));
            }
          }
        }
      }
    } finally {
      executor.shutdown();
    }
    var dev = all.stream().filter(l -> l.split().equals("dev")).toList();
    var fitted =
        RelevanceCalibration.fit(dev.stream().mapToDouble(Labelled::raw).toArray(), relevant(dev));
    for (String set : all.stream().map(Labelled::set).distinct().toList()) {
      for (String split : List.of("dev", "test")) {
        var part =
            all.stream().filter(l -> l.set().equals(set) && l.split().equals(split)).toList();
        print(reranker.name(), set, split, part, scorer.calibration(), fitted);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "{\"reranker\":\"%s\",\"fitted_on\":\"dev\",\"pairs\":%d,\"scale\":%.4f,\"shift\":%.4f}%n",
        reranker.name(),
        dev.size(),
        fitted.scale(),
        fitted.shift());
  }

  /** Log-loss, Brier score and mean relevance of relevant and other passages, both calibrations. */
  private static void print(
      String reranker,
      String set,
      String split,
      List<Labelled> part,
      RelevanceCalibration current,
      RelevanceCalibration fitted) {
    System.out.printf(
        Locale.ROOT,
        "{\"reranker\":\"%s\",\"dataset\":\"%s\",\"split\":\"%s\",\"pairs\":%d,\"relevant\":%d,"
            + "\"current\":%s,\"fitted\":%s}%n",
        reranker,
        set,
        split,
        part.size(),
        part.stream().filter(Labelled::relevant).count(),
        figures(part, current),
        figures(part, fitted));
  }

  private static String figures(List<Labelled> part, RelevanceCalibration c) {
    double logLoss = 0, brier = 0, onRelevant = 0, onOther = 0;
    int relevant = 0;
    for (var l : part) {
      double p = Math.min(1 - 1e-9, Math.max(1e-9, c.probability(l.raw())));
      logLoss -= l.relevant() ? Math.log(p) : Math.log(1 - p);
      brier += Math.pow(p - (l.relevant() ? 1 : 0), 2);
      onRelevant += l.relevant() ? p : 0;
      onOther += l.relevant() ? 0 : p;
      relevant += l.relevant() ? 1 : 0;
    }
    int n = Math.max(1, part.size());
    return String.format(
        Locale.ROOT,
        "{\"log_loss\":%.4f,\"brier\":%.4f,\"mean_relevant\":%.3f,\"mean_other\":%.3f}",
        logLoss / n,
        brier / n,
        onRelevant / Math.max(1, relevant),
        onOther / Math.max(1, part.size() - relevant));
  }

  private static boolean[] relevant(List<Labelled> part) {
    var out = new boolean[part.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = part.get(i).relevant();
    }
    return out;
  }
}
