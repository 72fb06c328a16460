package io.streamrag.retrieval.store;

/**
 * A search hit before reranking.
 *
 * @param chunk the stored chunk (its vector may be omitted)
 * @param fusedScore reciprocal-rank fusion score
 * @param lexicalRank 1-based rank in the lexical leg, 0 when absent from it
 * @param denseRank 1-based rank in the dense leg, 0 when absent from it
 * @param denseSimilarity cosine similarity to the question, when the dense leg ran
 */
public record Candidate(
    StoredChunk chunk, double fusedScore, int lexicalRank, int denseRank, double denseSimilarity) {}
