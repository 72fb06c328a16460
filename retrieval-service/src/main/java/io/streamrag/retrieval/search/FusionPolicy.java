package io.streamrag.retrieval.search;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import java.util.function.Function;

/**
 * How the lexical and the dense leg are weighted for one question ({@code retrieval.search.*}). The
 * dense leg runs only for a question language the embedder reads and whose configured weight is
 * above 0: an English-only model places Persian text at random (dense alone scores about 0 on the
 * Persian sets of the README's retrieval-quality table), and its votes in reciprocal-rank fusion
 * would only dilute BM25's. A question the dense leg cannot help is never embedded.
 */
public final class FusionPolicy {

  private final RetrievalProperties.Search search;
  private final Embedder embedder;

  public FusionPolicy(RetrievalProperties.Search search, Embedder embedder) {
    this.search = search;
    this.embedder = embedder;
  }

  /** The search for the configured number of candidates (S0.4). */
  public SearchQuery query(String question, String language, TenantFilter filter) {
    return query(question, language, filter, search.candidates());
  }

  /** The search for {@code limit} candidates. */
  public SearchQuery query(String question, String language, TenantFilter filter, int limit) {
    return queries(question, language, limit).apply(filter);
  }

  /**
   * The searches of one question under several filters (one per knowledge base): the question is
   * embedded once, here, and each filter only names what the search may see.
   */
  public Function<TenantFilter, SearchQuery> queries(String question, String language, int limit) {
    double dense = denseWeight(language);
    float[] vector = dense > 0 ? embedder.embed(question) : null;
    return filter ->
        new SearchQuery(
            question,
            vector,
            filter,
            limit,
            search.lexicalWeight(),
            dense,
            search.rrfK(),
            language,
            search.windowScore());
  }

  /** The dense leg's weight for a question language: 0 when the embedder does not read it. */
  public double denseWeight(String language) {
    return embedder.reads(language) ? search.denseWeightFor(language) : 0;
  }
}
