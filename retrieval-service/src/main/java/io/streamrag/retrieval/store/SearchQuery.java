package io.streamrag.retrieval.store;

import io.streamrag.kit.text.Language;

/**
 * One hybrid search.
 *
 * @param text the question, for the lexical leg
 * @param embedding the question's embedding ({@link QuestionVector#NONE} skips the dense leg),
 *     possibly still being made: a store reads it through {@link #vector()} once its lexical leg is
 *     done
 * @param filter the tenant filter every hit must pass
 * @param limit how many fused candidates to return
 * @param lexicalWeight weight of the lexical leg in reciprocal-rank fusion
 * @param denseWeight weight of the dense leg (0 turns it off)
 * @param rrfK the rank constant of reciprocal-rank fusion
 * @param language the question's language ({@code fa}, {@code ar}, {@code en}): it picks the
 *     lexical analysis of the question ({@link LexicalAnalysis})
 * @param windowScore how the dense leg scores a chunk of several embedding windows
 * @param fusion how the two legs' hits are fused ({@link LegVotes})
 */
public record SearchQuery(
    String text,
    QuestionVector embedding,
    TenantFilter filter,
    int limit,
    double lexicalWeight,
    double denseWeight,
    int rrfK,
    String language,
    WindowScore windowScore,
    FusionRule fusion) {

  public SearchQuery {
    embedding = embedding == null ? QuestionVector.NONE : embedding;
    fusion = fusion == null ? FusionRule.RECIPROCAL_RANK : fusion;
  }

  /**
   * The question's embedding for the dense leg, waiting for it if it is still being made; {@code
   * null} when there is none (or it failed: the search goes on lexically).
   */
  public float[] vector() {
    return embedding.get();
  }

  /** A search with an embedding made already ({@code null} skips the dense leg), by best window. */
  public SearchQuery(
      String text,
      float[] vector,
      TenantFilter filter,
      int limit,
      double lexicalWeight,
      double denseWeight,
      int rrfK,
      String language) {
    this(
        text,
        QuestionVector.of(vector),
        filter,
        limit,
        lexicalWeight,
        denseWeight,
        rrfK,
        language,
        WindowScore.MAX,
        FusionRule.RECIPROCAL_RANK);
  }

  /** A search whose question's language is detected from its text. */
  public SearchQuery(
      String text,
      float[] vector,
      TenantFilter filter,
      int limit,
      double lexicalWeight,
      double denseWeight,
      int rrfK) {
    this(text, vector, filter, limit, lexicalWeight, denseWeight, rrfK, Language.detect(text));
  }

  /**
   * What a hit at {@code rank} (from 1) in a leg of this {@code weight} adds to its fused score:
   * {@code weight / (rrfK + rank)}, weighted reciprocal-rank fusion. Every store fuses with it, so
   * Lucene and Qdrant rank alike.
   */
  public double reciprocalRank(double weight, int rank) {
    return weight / (rrfK + rank);
  }
}
