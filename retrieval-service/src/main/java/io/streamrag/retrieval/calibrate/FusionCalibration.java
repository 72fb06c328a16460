package io.streamrag.retrieval.calibrate;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.calibrate.PseudoQueries.PseudoQuery;
import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.LegVotes;
import io.streamrag.retrieval.store.QuestionVector;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.retrieval.store.WindowScore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses a knowledge base's fusion weights from its own content (issue 15): each pseudo-query
 * ({@link PseudoQueries}) is searched by each leg alone, the two rankings are fused locally at
 * every weight of {@link #DENSE_WEIGHTS} exactly as the store fuses them (weighted reciprocal rank
 * over each leg's top {@link #LEG_DEPTH}, the store's depth for the configured 7 candidates), and
 * the weight whose fused ranking puts the pseudo-query's own document highest (mean reciprocal rank
 * at 10 documents) wins. Ties within {@link #TIE} keep the weight nearest the configured default.
 * The rule the default mode keeps: fusion never ends more than {@link #TIE} below the better single
 * leg; if no weight manages that, the better leg serves alone.
 *
 * <p>Pseudo-queries copy the KB's own words, which favours BM25 whatever real questions need, so
 * their optimum is trusted only for a lopsided KB: one whose weaker leg finds the documents less
 * than {@link #LOPSIDED} as well as the stronger. Any other KB keeps the configured weights, with
 * the figures shown.
 */
public final class FusionCalibration {

  /** Dense weights tried, the lexical weight being 1. */
  static final double[] DENSE_WEIGHTS = {0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3};

  static final int LEG_DEPTH = 30;
  static final int CUTOFF = 10;
  static final double TIE = 0.01;

  /**
   * Weights are chosen only when one leg finds the pseudo-queries' documents less than this share
   * as well as the other (mean reciprocal rank); otherwise the configured ones stay. On SciFact dev
   * (the only English set with labels to tune on), where fusion beats either leg by 0.035 nDCG@10,
   * dense finds verbatim sentences' documents 0.80 as well as BM25, and the fused optimum over the
   * pseudo-queries (dense 0) would have cost 0.035: copied sentences favour BM25 by construction.
   * Below half, the weaker leg's votes are mostly noise and the pseudo-queries' optimum is trusted.
   */
  static final double LOPSIDED = 0.5;

  private final Embedder embedder;
  private final int rrfK;
  private final double defaultDenseWeight;
  private final Clock clock;
  private final FusionRule fusion;

  public FusionCalibration(Embedder embedder, int rrfK, double defaultDenseWeight, Clock clock) {
    this(embedder, rrfK, defaultDenseWeight, clock, FusionRule.RECIPROCAL_RANK);
  }

  /**
   * @param fusion the rule the store fuses with, which the calibration's local fusion follows
   */
  public FusionCalibration(
      Embedder embedder, int rrfK, double defaultDenseWeight, Clock clock, FusionRule fusion) {
    this.embedder = embedder;
    this.rrfK = rrfK;
    this.defaultDenseWeight = defaultDenseWeight;
    this.clock = clock;
    this.fusion = fusion;
  }

  /**
   * Calibrates one KB.
   *
   * @param kb its name
   * @param chunks a sample of its chunks (global knowledge), the pseudo-queries' source
   * @param queries how many pseudo-queries to ask at most
   * @param store where to search
   * @param filter what the searches may see: the KB's global knowledge
   */
  public Calibration calibrate(
      String kb, List<StoredChunk> chunks, int queries, ChunkStore store, TenantFilter filter) {
    return calibrate(kb, PseudoQueries.of(chunks, queries), chunks, store, filter);
  }

  /** Calibrates one KB with these pseudo-queries, drawn from {@code chunks}. */
  public Calibration calibrate(
      String kb,
      List<PseudoQuery> pseudo,
      List<StoredChunk> chunks,
      ChunkStore store,
      TenantFilter filter) {
    if (pseudo.isEmpty()) {
      return configured(kb, chunks.size(), "no sentence of 4 content words to ask with");
    }
    // A KB whose chunks have no vectors gives the dense leg nothing: its figure is 0 and it loses.
    boolean dense = pseudo.stream().anyMatch(q -> embedder.reads(q.language()));
    var lexical = new ArrayList<List<Candidate>>();
    var vectorRanks = new ArrayList<List<Candidate>>();
    var vectors = dense ? embedder.embedAll(pseudo.stream().map(PseudoQuery::text).toList()) : null;
    for (int i = 0; i < pseudo.size(); i++) {
      var q = pseudo.get(i);
      lexical.add(store.search(leg(q, null, filter, 1, 0)));
      vectorRanks.add(
          dense && embedder.reads(q.language())
              ? store.search(leg(q, vectors.get(i), filter, 0, 1))
              : List.of());
    }
    double lexicalMrr = mrr(pseudo, lexical, vectorRanks, 1, 0);
    if (!dense) {
      return new Calibration(
          kb,
          1,
          0,
          pseudo.size(),
          chunks.size(),
          lexicalMrr,
          0,
          lexicalMrr,
          Map.of(),
          "the embedder reads none of this KB's languages: lexical alone",
          clock.instant(),
          true);
    }
    double denseMrr = mrr(pseudo, lexical, vectorRanks, 0, 1);
    var byWeight = new LinkedHashMap<String, Double>();
    double bestWeight = defaultDenseWeight;
    double bestMrr = -1;
    for (double w : DENSE_WEIGHTS) {
      double m = mrr(pseudo, lexical, vectorRanks, 1, w);
      byWeight.put(String.format(Locale.ROOT, "%.2f", w), round(m));
      boolean better = m > bestMrr + TIE;
      boolean tieNearer =
          Math.abs(m - bestMrr) <= TIE
              && Math.abs(w - defaultDenseWeight) < Math.abs(bestWeight - defaultDenseWeight);
      if (better || tieNearer) {
        bestMrr = Math.max(m, bestMrr);
        bestWeight = w;
      }
    }
    if (denseMrr >= LOPSIDED * lexicalMrr && lexicalMrr >= LOPSIDED * denseMrr) {
      // both legs find the documents: pseudo-queries copy the KB's words, so their fused optimum
      // leans to BM25 whatever real questions need; the configured weight stays
      double atDefault = mrr(pseudo, lexical, vectorRanks, 1, defaultDenseWeight);
      return new Calibration(
          kb,
          1,
          defaultDenseWeight,
          pseudo.size(),
          chunks.size(),
          round(lexicalMrr),
          round(denseMrr),
          round(atDefault),
          byWeight,
          String.format(
              Locale.ROOT,
              "both legs find the pseudo-queries' documents (dense %.2f, lexical %.2f): the"
                  + " configured weights",
              denseMrr,
              lexicalMrr),
          clock.instant(),
          false);
    }
    bestMrr = byWeight.get(String.format(Locale.ROOT, "%.2f", bestWeight));
    double bestLeg = Math.max(lexicalMrr, denseMrr);
    if (bestMrr < bestLeg - TIE) {
      boolean denseAlone = denseMrr > lexicalMrr;
      return new Calibration(
          kb,
          denseAlone ? 0 : 1,
          denseAlone ? 1 : 0,
          pseudo.size(),
          chunks.size(),
          round(lexicalMrr),
          round(denseMrr),
          round(bestLeg),
          byWeight,
          (denseAlone ? "dense" : "lexical") + " alone beat every fusion by more than " + TIE,
          clock.instant(),
          true);
    }
    return new Calibration(
        kb,
        1,
        bestWeight,
        pseudo.size(),
        chunks.size(),
        round(lexicalMrr),
        round(denseMrr),
        round(bestMrr),
        byWeight,
        String.format(
            Locale.ROOT, "dense weight %.2f found the pseudo-queries' documents best", bestWeight),
        clock.instant(),
        true);
  }

  /** The configured weights, for a KB that cannot be calibrated, and why. */
  public Calibration configured(String kb, int chunks, String reason) {
    return new Calibration(
        kb, 1, defaultDenseWeight, 0, chunks, 0, 0, 0, Map.of(), reason, clock.instant(), false);
  }

  private SearchQuery leg(
      PseudoQuery q, float[] vector, TenantFilter filter, double lexical, double dense) {
    return new SearchQuery(
        q.text(),
        QuestionVector.of(vector),
        filter,
        LEG_DEPTH,
        lexical,
        dense,
        rrfK,
        q.language(),
        WindowScore.MAX,
        fusion);
  }

  /** Mean reciprocal rank of each query's document in the two legs fused at these weights. */
  private double mrr(
      List<PseudoQuery> pseudo,
      List<List<Candidate>> lexical,
      List<List<Candidate>> dense,
      double lexicalWeight,
      double denseWeight) {
    double sum = 0;
    for (int i = 0; i < pseudo.size(); i++) {
      var fused = new HashMap<String, double[]>(); // point id -> score
      var docs = new HashMap<String, String>();
      add(fused, docs, lexical.get(i), lexicalWeight);
      add(fused, docs, dense.get(i), denseWeight);
      var ranked = new ArrayList<>(fused.entrySet());
      ranked.sort(
          (a, b) ->
              a.getValue()[0] != b.getValue()[0]
                  ? Double.compare(b.getValue()[0], a.getValue()[0])
                  : a.getKey().compareTo(b.getKey()));
      var seenDocs = new HashSet<String>();
      for (var e : ranked) {
        String doc = docs.get(e.getKey());
        if (seenDocs.add(doc) && seenDocs.size() > CUTOFF) {
          break;
        }
        if (doc.equals(pseudo.get(i).docId())) {
          sum += 1.0 / seenDocs.size();
          break;
        }
      }
    }
    return sum / pseudo.size();
  }

  private void add(
      Map<String, double[]> fused, Map<String, String> docs, List<Candidate> leg, double weight) {
    if (weight <= 0) {
      return;
    }
    int n = Math.min(LEG_DEPTH, leg.size());
    double[] scores = new double[n];
    for (int r = 0; r < n; r++) {
      var c = leg.get(r);
      // a leg searched alone: only one of its two scores is set
      scores[r] = c.lexicalRank() > 0 ? c.lexicalScore() : c.denseSimilarity();
    }
    double[] votes = LegVotes.of(fusion, rrfK, scores, weight);
    for (int r = 0; r < n; r++) {
      var c = leg.get(r).chunk();
      fused.computeIfAbsent(c.pointId(), p -> new double[1])[0] += votes[r];
      docs.put(c.pointId(), c.docId());
    }
  }

  private static double round(double v) {
    return Math.round(v * 10000) / 10000.0;
  }
}
