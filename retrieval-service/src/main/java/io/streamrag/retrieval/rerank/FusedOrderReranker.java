package io.streamrag.retrieval.rerank;

import com.github.benmanes.caffeine.cache.Cache;
import io.streamrag.kit.text.Language;
import io.streamrag.kit.text.TextKeyed;
import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.LexicalAnalysis;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The local default without a model, and honestly an identity for the order: it keeps the search's
 * fused order and only adds a calibrated relevance. Reordering by term coverage was measured worse
 * than the fused order (ParsiNLU nDCG@10 0.755 vs 0.774, PersianQA hit@1 0.956 vs 0.977), so {@code
 * hybrid+rerank} equals {@code hybrid} with it (README, Retrieval quality). A cross-encoder ({@link
 * CrossEncoderReranker}) or a rerank API can reorder; this cannot.
 *
 * <p>Its raw score is the share of the question's analysed terms found in the passage, blended 0.7
 * / 0.3 with the dense cosine when the dense leg saw the passage; {@link #CALIBRATION} maps it to
 * the probability of relevance, fitted on the dev halves of the README's sets.
 */
public final class FusedOrderReranker implements Reranker, RelevanceScorer {

  /**
   * Fitted by {@code ./bench.sh rerank-calibration} on the dev halves of SciFact, ParsiNLU and
   * PersianQA pooled (README, "Relevance calibration").
   */
  public static final RelevanceCalibration CALIBRATION = new RelevanceCalibration(4.64, -4.15);

  private static final double COSINE_SHARE = 0.3;

  private record Passage(String language, String text) {}

  private final LexicalAnalysis analysis = new LexicalAnalysis();
  private final RelevanceCalibration calibration;

  /**
   * Each passage's analysed terms, kept: the same chunks come back search after search, and
   * analysing them again was a tenth of retrieval's CPU per chat (JFR). About 800 chunks of 500
   * tokens; least recently used out first; upkeep on the calling thread.
   */
  private final Cache<Passage, Set<String>> analysed =
      TextKeyed.byCharacters(2_000_000, p -> p.text().length());

  public FusedOrderReranker() {
    this(CALIBRATION);
  }

  /** With another calibration, e.g. one fitted on the user's own labelled questions. */
  public FusedOrderReranker(RelevanceCalibration calibration) {
    this.calibration = calibration;
  }

  @Override
  public List<Ranked> rerank(String question, List<Candidate> candidates, int keep) {
    var fused =
        candidates.stream()
            .sorted(Comparator.comparingDouble((Candidate c) -> -c.fusedScore()))
            .limit(keep)
            .toList();
    double[] raw = rawScores(question, fused);
    return IntStream.range(0, fused.size())
        .mapToObj(i -> new Ranked(fused.get(i), round(calibration.probability(raw[i]))))
        .toList();
  }

  @Override
  public double[] rawScores(String question, List<Candidate> candidates) {
    // each text analysed in its own language, as the index matched them
    Set<String> asked = new HashSet<>(analysis.terms(Language.detect(question), "text", question));
    return candidates.stream().mapToDouble(c -> raw(asked, c)).toArray();
  }

  @Override
  public RelevanceCalibration calibration() {
    return calibration;
  }

  @Override
  public String name() {
    return "fused-order";
  }

  private double raw(Set<String> asked, Candidate c) {
    if (asked.isEmpty()) {
      return 0;
    }
    Set<String> found =
        analysed.get(
            new Passage(c.chunk().language(), c.chunk().text()),
            p -> Set.copyOf(analysis.terms(p.language(), "text", p.text())));
    long shared = asked.stream().filter(found::contains).count();
    double coverage = (double) shared / asked.size();
    if (c.denseRank() == 0) {
      return coverage;
    }
    return (1 - COSINE_SHARE) * coverage + COSINE_SHARE * Math.max(0, c.denseSimilarity());
  }

  static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
