package io.streamrag.retrieval.store;

/**
 * A search hit before reranking.
 *
 * @param chunk the stored chunk (its vector may be omitted)
 * @param fusedScore reciprocal-rank fusion score
 * @param lexicalRank 1-based rank in the lexical leg, 0 when absent from it
 * @param denseRank 1-based rank in the dense leg, 0 when absent from it
 * @param denseSimilarity cosine similarity to the question, when the dense leg ran
 * @param lexicalScore the lexical leg's own score (BM25), 0 when absent from it
 */
public record Candidate(
    StoredChunk chunk,
    double fusedScore,
    int lexicalRank,
    int denseRank,
    double denseSimilarity,
    double lexicalScore) {

  /** A hit whose lexical score is not known. */
  public Candidate(
      StoredChunk chunk,
      double fusedScore,
      int lexicalRank,
      int denseRank,
      double denseSimilarity) {
    this(chunk, fusedScore, lexicalRank, denseRank, denseSimilarity, 0);
  }
}
