package io.streamrag.retrieval.store;

/**
 * How a hybrid search fuses its lexical and its dense leg into one order ({@code
 * retrieval.search.fusion}). Each leg hands every hit a vote ({@link LegVotes}); a hit's fused
 * score is the sum of its votes, each times its leg's weight.
 */
public enum FusionRule {
  /**
   * {@code 1 / (rrfK + rank)}: only each leg's order counts. A leg that barely tells its first hit
   * from its tenth still moves its first hit as far as a leg whose first hit stands out alone.
   */
  RECIPROCAL_RANK,
  /**
   * Each leg's own scores, normalised by their own distribution over its first {@link
   * LegVotes#NORMALISED_OVER} hits: {@code (score - (mean - 3 sd)) / (6 sd)}, at least 0
   * (distribution-based score fusion, as Qdrant's DBSF, but not capped at 1). A hit that stands out
   * of its leg's distribution gets nearly a whole vote, hits in the crowd about half, so a leg that
   * is sure of its first hit outvotes one whose scores are flat. BM25 scores and cosines have
   * different scales; this measures each against itself.
   */
  SCORE_DISTRIBUTION
}
