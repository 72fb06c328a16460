package io.streamrag.bench;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.calibrate.Calibration;
import io.streamrag.retrieval.calibrate.FusionCalibration;
import io.streamrag.retrieval.calibrate.PseudoQueries;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.QuestionVector;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * Does the label-free fusion calibration choose well? Indexes a BEIR set as {@link RetrievalBench}
 * does, calibrates it as retrieval-service calibrates a knowledge base (pseudo-queries from its own
 * chunks, no labels), then scores the set's real, labelled questions (one split) at every dense
 * weight tried, so the chosen weight can be compared with the best one in hindsight. Prints the
 * calibration as one JSON line, then one line per weight: nDCG@10 on the split, and which weight
 * the calibration chose and which the configuration has. Both fuse by the configured rule ({@code
 * --fusion reciprocal-rank} for the one before 2026-12-06).
 */
final class FusionCalibrationBench {

  private static final String CALLER = "550e8400-e29b-41d4-a716-446655440000";
  private static final double[] WEIGHTS = {0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3};

  private FusionCalibrationBench() {}

  static void run(Path dir, Args args) {
    var set = BeirSet.read(dir);
    String split = args.text("split", set.testOnly() ? QuerySplit.TEST : QuerySplit.DEV);
    var half = set.half(split);
    var settings = BenchSettings.load(args);
    int queries = args.integer("queries", 200);
    var executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    Embedder embedder = OnnxEmbedder.bundledMiniLm(executor);
    try (var store = LuceneChunkStore.open(null, embedder.dimension(), embedder.modelId())) {
      var drafts = BenchIndex.drafts(set, settings.chunker());
      var stored = new ArrayList<StoredChunk>();
      BenchIndex.index(drafts, store, embedder, settings.embeddingBatchSize(), true, stored);
      var filter = TenantFilter.of(CALLER, List.of(BenchIndex.KB));
      int rrfK = settings.search().rrfK();
      double configured = settings.search().denseWeightFor("en");
      for (var style : PseudoQueries.Style.values()) {
        long t0 = System.nanoTime();
        var calibration =
            new FusionCalibration(
                embedder, rrfK, configured, Clock.systemUTC(), settings.search().fusion());
        var pseudo = PseudoQueries.of(stored, queries, style);
        Calibration c = calibration.calibrate(BenchIndex.KB, pseudo, stored, store, filter);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
            Locale.ROOT,
            "{\"dataset\":\"%s\",\"style\":\"%s\",\"calibration\":{\"lexical_weight\":%.2f,"
                + "\"dense_weight\":%.2f,\"queries\":%d,\"chunks\":%d,\"lexical_mrr\":%.4f,"
                + "\"dense_mrr\":%.4f,\"fused_mrr\":%.4f,\"mrr_by_dense_weight\":%s,"
                + "\"reason\":\"%s\",\"seconds\":%.1f}}%n",
            set.name(),
            style,
            c.lexicalWeight(),
            c.denseWeight(),
            c.queries(),
            c.chunks(),
            c.lexicalMrr(),
            c.denseMrr(),
            c.fusedMrr(),
            c.mrrByDenseWeight(),
            c.reason(),
            seconds);
        for (double w : WEIGHTS) {
          System.out.println(
              labelled(set.name(), split, half, store, embedder, filter, settings, 1, w, c));
        }
        System.out.println(
            labelled(set.name(), split, half, store, embedder, filter, settings, 0, 1, c));
      }
    } finally {
      executor.shutdown();
    }
  }

  private static String labelled(
      String name,
      String split,
      BeirSet half,
      LuceneChunkStore store,
      Embedder embedder,
      TenantFilter filter,
      BenchSettings settings,
      double lexical,
      double dense,
      Calibration c) {
    var search = settings.search();
    double configured = search.denseWeightFor("en");
    var perQuery = new ArrayList<RankingMetrics>();
    for (var q : half.queries()) {
      String language = Language.detect(q.text());
      float[] vector = dense > 0 && embedder.reads(language) ? embedder.embed(q.text()) : null;
      var hits =
          store.search(
              new SearchQuery(
                  q.text(),
                  QuestionVector.of(vector),
                  filter,
                  40,
                  lexical,
                  dense,
                  search.rrfK(),
                  language,
                  search.windowScore(),
                  search.fusion()));
      var docs = new LinkedHashSet<String>();
      hits.forEach(h -> docs.add(h.chunk().docId()));
      perQuery.add(RankingMetrics.of(new ArrayList<>(docs), q.relevant(), 10));
    }
    var m = RankingMetrics.mean(perQuery);
    boolean chosen = c.lexicalWeight() == lexical && c.denseWeight() == dense;
    boolean isDefault = lexical == 1 && dense == configured;
    return String.format(
        Locale.ROOT,
        "{\"dataset\":\"%s\",\"split\":\"%s\",\"lexical_weight\":%.2f,\"dense_weight\":%.2f,"
            + "\"ndcg@10\":%.4f,\"hit@1\":%.4f,\"queries\":%d,\"chosen\":%b,\"configured\":%b}",
        name,
        split,
        lexical,
        dense,
        m.ndcg(),
        m.hit1(),
        perQuery.size(),
        chosen,
        isDefault);
  }
}
