package io.streamrag.llm.evidence;

/**
 * A passage a search returned, before it is judged.
 *
 * @param pointId its id in the index
 * @param kb the knowledge base it came from ({@code __all__} for the user's own data)
 * @param relevance the reranker's score in [0, 1]
 * @param similarity the embedding cosine of the passage to the part's own words, when the search of
 *     those words found it through the dense leg; {@code NaN} when unknown (another query, a
 *     language the embedder does not read, a lexical hit only)
 */
public record Candidate(
    String pointId,
    String text,
    String source,
    String kb,
    String sensorUuid,
    double relevance,
    String language,
    double similarity) {}
