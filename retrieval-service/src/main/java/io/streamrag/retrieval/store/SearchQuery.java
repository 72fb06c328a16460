package io.streamrag.retrieval.store;

/**
 * One hybrid search.
 *
 * @param text the question, for the lexical leg
 * @param vector the question's embedding, or {@code null} to skip the dense leg
 * @param filter the tenant filter every hit must pass
 * @param limit how many fused candidates to return
 * @param lexicalWeight weight of the lexical leg in reciprocal-rank fusion
 * @param denseWeight weight of the dense leg (0 turns it off)
 * @param rrfK the rank constant of reciprocal-rank fusion
 */
public record SearchQuery(
    String text,
    float[] vector,
    TenantFilter filter,
    int limit,
    double lexicalWeight,
    double denseWeight,
    int rrfK) {}
