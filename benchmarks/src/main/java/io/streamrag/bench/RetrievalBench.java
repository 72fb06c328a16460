package io.streamrag.bench;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.QuestionVector;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * Retrieval quality on a BEIR set through the product's code: ingest's chunking and embedding
 * input, retrieval's Lucene store, fusion policy and reranker. A document's rank is that of its
 * best chunk. Prints one JSON line per mode: {@code bm25} (lexical leg alone), {@code dense} (dense
 * leg alone), {@code hybrid} (what retrieval-service does by default, before reranking) and {@code
 * hybrid+rerank} (the reranker reorders the configured number of candidates, as in the service; the
 * rest keep their fused order). Query latency is single-threaded and includes embedding the
 * question. {@code --split dev|test|all} (or a comma list) measures half of the set's queries
 * ({@link QuerySplit}) against the whole corpus; every line says which. {@code --window-scores
 * max,mean} measures the dense and fused modes once per way of scoring a chunk's embedding windows
 * ({@code retrieval.search.window-score}) on one index; by default the configured way only. {@code
 * --fusions score-distribution,reciprocal-rank} does the same for the fusion rule ({@code
 * retrieval.search.fusion}).
 */
final class RetrievalBench {

  static final List<String> MODES = List.of("bm25", "dense", "hybrid", "hybrid+rerank");

  /** What retrieval-service does by default. */
  static final String DEFAULT_MODE = "hybrid+rerank";

  /** The single legs the default fuses. */
  static final List<String> LEGS = List.of("bm25", "dense");

  private static final int CUTOFF = 10;
  private static final String CALLER = "550e8400-e29b-41d4-a716-446655440000";

  private RetrievalBench() {}

  /** One mode measured on one split of a set. */
  record Measured(
      String set,
      String split,
      String mode,
      RankingMetrics metrics,
      int queries,
      double p50Millis,
      double p99Millis) {}

  static void run(Path dir, Args args) {
    measure(dir, args, QuerySplit.parse(args.text("split", QuerySplit.ALL)), System.out);
  }

  /**
   * Indexes the set once, then measures every mode on each split, printing one JSON line each.
   *
   * @return the figures, by split then mode
   */
  static List<Measured> measure(Path dir, Args args, List<String> splits, PrintStream out) {
    var set = BeirSet.read(dir);
    var halves = splits.stream().map(set::half).toList(); // a refused split fails before indexing
    var settings = BenchSettings.load(args);
    var modes = List.of(args.text("modes", String.join(",", MODES)).split(","));
    int limit = args.integer("limit", 40); // chunks per search: enough for 10 distinct documents
    var executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    Embedder embedder = OnnxEmbedder.bundledMiniLm(executor);
    try (var store = LuceneChunkStore.open(null, embedder.dimension(), embedder.modelId())) {
      long start = System.nanoTime();
      var drafts = BenchIndex.drafts(set, settings.chunker());
      boolean embed = modes.stream().anyMatch(m -> !m.equals("bm25"));
      var vectors = BenchIndex.index(drafts, store, embedder, settings.embeddingBatchSize(), embed);
      double indexSeconds = (System.nanoTime() - start) / 1e9;
      // how the dense leg scores a chunk's windows: the configured way, or each listed one
      var scores =
          List.of(
                  args.text(
                          "window-scores",
                          settings.search().windowScore().name().toLowerCase(Locale.ROOT))
                      .split(","))
              .stream()
              .map(BenchSettings::windowScore)
              .toList();
      // how the legs are fused: the configured rule, or each listed one
      var fusions =
          List.of(args.text("fusions", settings.search().fusion().name()).split(",")).stream()
              .map(BenchSettings::fusion)
              .toList();
      var measured = new ArrayList<Measured>();
      for (int w = 0; w < scores.size(); w++) {
        for (int f = 0; f < fusions.size(); f++) {
          var scored = settings.with(scores.get(w), fusions.get(f));
          var run =
              new Run(
                  store,
                  embedder,
                  new FusionPolicy(scored.search(), embedder),
                  BenchReranker.of(args),
                  scored,
                  TenantFilter.of(CALLER, List.of(BenchIndex.KB)),
                  limit);
          for (int i = 0; i < splits.size(); i++) {
            for (String mode : modes) {
              if ((w > 0 || f > 0) && LEGS.contains(mode)) {
                continue; // a leg alone has neither windows to fuse nor another leg: measured once
              }
              measured.add(
                  run.measure(
                      halves.get(i),
                      splits.get(i),
                      mode,
                      indexSeconds,
                      drafts.size(),
                      vectors,
                      out));
            }
          }
        }
      }
      return measured;
    } finally {
      executor.shutdown();
    }
  }

  private record Run(
      ChunkStore store,
      Embedder embedder,
      FusionPolicy fusion,
      Reranker reranker,
      BenchSettings settings,
      TenantFilter filter,
      int limit) {

    Measured measure(
        BeirSet set,
        String split,
        String mode,
        double indexSeconds,
        int chunks,
        BenchIndex.Embedded vectors,
        PrintStream out) {
      var warmUp = set.queries().subList(0, Math.min(30, set.queries().size()));
      warmUp.forEach(q -> documents(mode, q.text()));
      var perQuery = new ArrayList<RankingMetrics>();
      double[] millis = new double[set.queries().size()];
      for (int i = 0; i < millis.length; i++) {
        var q = set.queries().get(i);
        long t0 = System.nanoTime();
        List<String> ranked = documents(mode, q.text());
        millis[i] = (System.nanoTime() - t0) / 1e6;
        perQuery.add(RankingMetrics.of(ranked, q.relevant(), CUTOFF));
      }
      var m = RankingMetrics.mean(perQuery);
      var latency = Percentiles.of(millis);
      out.printf(
          Locale.ROOT,
          "{\"dataset\":\"%s\",\"split\":\"%s\",\"mode\":\"%s\",\"ndcg@10\":%.4f,\"recall@10\":%.4f,"
              + "\"mrr@10\":%.4f,\"hit@1\":%.4f,\"hit@10\":%.4f,\"queries\":%d,"
              + "\"latency_p50_ms\":%.2f,\"latency_p99_ms\":%.2f,\"index_s\":%.1f,"
              + "\"docs\":%d,\"chunks\":%d,\"vectors\":%d,\"windows\":%d,\"rrf_k\":%d,"
              + "\"window_score\":\"%s\",\"fusion\":\"%s\"}%n",
          set.name(),
          split,
          mode,
          m.ndcg(),
          m.recall(),
          m.mrr(),
          m.hit1(),
          m.hitK(),
          millis.length,
          latency.p50(),
          latency.p99(),
          indexSeconds,
          set.corpus().size(),
          chunks,
          vectors.chunks(),
          vectors.windows(),
          settings.search().rrfK(),
          settings.search().windowScore().name().toLowerCase(Locale.ROOT),
          settings.search().fusion().name().toLowerCase(Locale.ROOT).replace('_', '-'));
      return new Measured(set.name(), split, mode, m, millis.length, latency.p50(), latency.p99());
    }

    /** The documents of a question, best first, each at the rank of its best chunk. */
    List<String> documents(String mode, String question) {
      String language = Language.detect(question); // as the gateway decides
      int k = settings.search().rrfK();
      List<Candidate> hits =
          switch (mode) {
            case "bm25" -> store.search(new SearchQuery(question, null, filter, limit, 1, 0, k));
            case "dense" ->
                store.search(
                    new SearchQuery(
                        question,
                        QuestionVector.of(embedder.embed(question)),
                        filter,
                        limit,
                        0,
                        1,
                        k,
                        language,
                        settings.search().windowScore(),
                        FusionRule.RECIPROCAL_RANK));
            case "hybrid" -> store.search(fusion.query(question, language, filter, limit));
            case "hybrid+rerank" -> reranked(question, language);
            default -> throw new IllegalArgumentException("unknown mode " + mode);
          };
      var docs = new LinkedHashSet<String>();
      hits.forEach(c -> docs.add(c.chunk().docId()));
      return new ArrayList<>(docs);
    }

    private List<Candidate> reranked(String question, String language) {
      var fused = store.search(fusion.query(question, language, filter, limit));
      int n = Math.min(settings.search().candidates(), fused.size());
      var out = new ArrayList<Candidate>();
      reranker.rerank(question, fused.subList(0, n), n).forEach(r -> out.add(r.candidate()));
      out.addAll(fused.subList(n, fused.size()));
      return out;
    }
  }
}
