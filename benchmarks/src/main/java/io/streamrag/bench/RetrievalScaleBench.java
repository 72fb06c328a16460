package io.streamrag.bench;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.search.KbFusion;
import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.QuestionVector;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.retrieval.store.WindowScore;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.Scopes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;

/**
 * Search latency of the Lucene store at scale: N synthetic chunks, each sentences drawn at random
 * from a BEIR corpus (so term statistics look like real text) until the chunk is about as long as
 * ingest's chunks ({@code --sentences}, default 16: about 450 o200k tokens for SciFact), with one
 * random unit vector per embedding window the real embedder would cut it into (embedding 100,000
 * chunks would take hours on two cores; random vectors give the HNSW graph no structure to exploit,
 * so they are the slow case). The set's queries, embedded by the real embedder, are searched for
 * the configured number of candidates, one question at a time. Mode {@code hybrid} embeds the
 * question beside the lexical leg, as retrieval-service does; {@code hybrid-serial} embeds it
 * first.
 */
final class RetrievalScaleBench {

  /** The note that keeps how many windows the kept index holds. */
  private static final String WINDOWS = "bench.windows";

  private RetrievalScaleBench() {}

  static void run(Path dir, Args args) {
    var set = BeirSet.read(dir);
    var settings = BenchSettings.load(args);
    int n = args.integer("chunks", 100_000);
    int rounds = args.integer("rounds", 3);
    int sentencesPerChunk = args.integer("sentences", 16);
    var sentences = new ArrayList<String>();
    set.corpus().forEach(d -> sentences.addAll(List.of(d.text().split("(?<=[.!?؟])\\s+"))));
    var executor = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    // this command-line run's own pool for embedding beside the lexical leg, shut down below
    var beside = Executors.newFixedThreadPool(2);
    Embedder embedder = OnnxEmbedder.bundledMiniLm(executor);
    Path kept = args.has("index") ? Path.of(args.text("index", "")) : null;
    if (kept != null && args.has("merge")) {
      forceMerge(kept, args.integer("merge", 1));
    }
    try (var store = LuceneChunkStore.open(kept, embedder.dimension(), embedder.modelId())) {
      long start = System.nanoTime();
      if (store.size() < n) {
        build(store, embedder, sentences, n, sentencesPerChunk, args.integer("threads", 2));
      } else {
        System.out.printf(Locale.ROOT, "reusing the %d chunks indexed at %s%n", store.size(), kept);
      }
      store.refresh();
      double indexSeconds = (System.nanoTime() - start) / 1e9;
      if (args.has("compact")) { // what retrieval-service does once knowledge is quiet
        long t0 = System.nanoTime();
        var done = store.compact(java.time.Duration.ZERO);
        System.out.printf(
            Locale.ROOT,
            "compacted: %s in %.1f s%n",
            done.map(c -> c.partsBefore() + " searched segments to " + c.partsAfter())
                .orElse("nothing to merge"),
            (System.nanoTime() - t0) / 1e9);
      }
      long windows = Long.parseLong(store.notes().getOrDefault(WINDOWS, "-1"));
      System.out.printf(Locale.ROOT, "segments: %s%n", segments(kept));
      // as retrieval-service searches: the question embedded beside the lexical leg, on two threads
      var fusion =
          new FusionPolicy(
              settings.with(WindowScore.MAX).search(), embedder, KbFusion.NONE, beside);
      var meanFusion =
          new FusionPolicy(
              settings.with(WindowScore.MEAN).search(), embedder, KbFusion.NONE, beside);
      var serialFusion = new FusionPolicy(settings.with(WindowScore.MAX).search(), embedder);
      var filter = TenantFilter.of("550e8400-e29b-41d4-a716-446655440000", List.of(BenchIndex.KB));
      var questions = set.queries().stream().map(BeirSet.Query::text).toList();
      int limit = settings.search().candidates();
      int k = settings.search().rrfK();
      for (String mode :
          args.text("modes", "bm25,dense,hybrid,dense-mean,hybrid-mean").split(",")) {
        var score = mode.endsWith("-mean") ? WindowScore.MEAN : WindowScore.MAX;
        double[] search = new double[questions.size() * rounds];
        double[] total = new double[questions.size() * rounds];
        for (int r = -1; r < rounds; r++) { // round -1 warms up
          for (int q = 0; q < questions.size(); q++) {
            String question = questions.get(q);
            long t0 = System.nanoTime();
            SearchQuery query =
                switch (mode) {
                  case "bm25" -> new SearchQuery(question, null, filter, limit, 1, 0, k);
                  case "dense", "dense-mean" ->
                      new SearchQuery(
                          question,
                          QuestionVector.of(embedder.embed(question)),
                          filter,
                          limit,
                          0,
                          1,
                          k,
                          "en",
                          score,
                          FusionRule.RECIPROCAL_RANK);
                  case "hybrid" -> fusion.query(question, "en", filter, limit);
                  case "hybrid-serial" -> serialFusion.query(question, "en", filter, limit);
                  default -> meanFusion.query(question, "en", filter, limit);
                };
            long t1 = System.nanoTime();
            store.search(query);
            long t2 = System.nanoTime();
            if (r >= 0) {
              int i = r * questions.size() + q;
              search[i] = (t2 - t1) / 1e6;
              total[i] = (t2 - t0) / 1e6;
            }
          }
        }
        if (args.has("slowest")) {
          printSlowest(mode, questions, search, args.integer("slowest", 5));
        }
        var s = Percentiles.of(search);
        var t = Percentiles.of(total);
        System.out.printf(
            Locale.ROOT,
            "{\"dataset\":\"%s\",\"mode\":\"%s\",\"chunks\":%d,\"vectors\":\"random\","
                + "\"windows\":%d,"
                + "\"searches\":%d,\"search_p50_ms\":%.2f,\"search_p99_ms\":%.2f,"
                + "\"with_embedding_p50_ms\":%.2f,\"with_embedding_p99_ms\":%.2f,"
                + "\"index_s\":%.1f}%n",
            set.name(),
            mode,
            store.size(),
            windows,
            search.length,
            s.p50(),
            s.p99(),
            t.p50(),
            t.p99(),
            indexSeconds);
      }
    } finally {
      beside.shutdown();
      executor.shutdown();
    }
  }

  /**
   * Indexes chunks {@code 0..n-1} on {@code threads} threads; chunk i is drawn from its own seed,
   * so the index is the same whatever the threads. Its window count is kept as a note. The pool is
   * this command-line run's own, joined here (a failed thread fails the run) and shut down after.
   */
  private static void build(
      LuceneChunkStore store,
      Embedder embedder,
      List<String> sentences,
      int n,
      int sentencesPerChunk,
      int threads) {
    var windows = new AtomicLong();
    var next = new AtomicInteger();
    var pool = Executors.newFixedThreadPool(threads);
    try {
      var done = new ArrayList<Future<?>>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                    windows.addAndGet(chunk(store, embedder, sentences, i, sentencesPerChunk));
                  }
                }));
      }
      for (var f : done) {
        f.get();
      }
    } catch (InterruptedException | ExecutionException e) {
      throw new IllegalStateException("indexing failed", e);
    } finally {
      pool.shutdown();
    }
    store.note(WINDOWS, String.valueOf(windows.get()));
    store.checkpoint(Map.of());
  }

  /** Chunk {@code i}: random sentences, one random unit vector per window; its window count. */
  private static int chunk(
      LuceneChunkStore store, Embedder embedder, List<String> sentences, int i, int length) {
    var random = new Random(42L + i);
    var text = new StringBuilder();
    for (int s = 0; s < length; s++) {
      text.append(sentences.get(random.nextInt(sentences.size()))).append(' ');
    }
    int count = Math.max(1, embedder.windows("", text.toString()).size());
    var vectors = new ArrayList<float[]>();
    for (int w = 0; w < count; w++) {
      vectors.add(unitVector(random, embedder.dimension()));
    }
    store.upsert(
        new StoredChunk(
            Ids.of("scale", String.valueOf(i)),
            text.toString().strip(),
            "scale/" + i,
            Scopes.GLOBAL_SENSOR,
            BenchIndex.KB,
            i % 3,
            "doc-" + i / 3,
            "en",
            vectors.get(0),
            vectors.subList(1, count)));
    return count;
  }

  /** The kept index's segments, and their documents; "temporary" for a temporary index. */
  private static String segments(Path kept) {
    if (kept == null) {
      return "temporary index";
    }
    try (var reader = DirectoryReader.open(FSDirectory.open(kept))) {
      return reader.leaves().size()
          + " "
          + reader.leaves().stream().map(l -> String.valueOf(l.reader().maxDoc())).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The questions whose searches took longest, by their slowest round. */
  private static void printSlowest(String mode, List<String> questions, double[] search, int n) {
    double[] worst = new double[questions.size()];
    for (int i = 0; i < search.length; i++) {
      worst[i % questions.size()] = Math.max(worst[i % questions.size()], search[i]);
    }
    java.util.stream.IntStream.range(0, questions.size())
        .boxed()
        .sorted((a, b) -> Double.compare(worst[b], worst[a]))
        .limit(n)
        .forEach(
            q ->
                System.out.printf(
                    Locale.ROOT, "slowest %s %.1f ms: %s%n", mode, worst[q], questions.get(q)));
  }

  /** Merges the kept index down to at most {@code segments} segments, and says how long it took. */
  private static void forceMerge(Path kept, int segments) {
    long start = System.nanoTime();
    try (var writer =
        new IndexWriter(FSDirectory.open(kept), new IndexWriterConfig().setRAMBufferSizeMB(64))) {
      writer.forceMerge(segments);
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    System.out.printf(
        Locale.ROOT,
        "merged to at most %d segments in %.1f s%n",
        segments,
        (System.nanoTime() - start) / 1e9);
  }

  private static float[] unitVector(Random random, int dimension) {
    float[] v = new float[dimension];
    double norm = 0;
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
      norm += v[i] * v[i];
    }
    float scale = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < dimension; i++) {
      v[i] *= scale;
    }
    return v;
  }
}
