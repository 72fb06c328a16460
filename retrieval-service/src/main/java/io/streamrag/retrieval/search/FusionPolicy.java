package io.streamrag.retrieval.search;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.store.QuestionVector;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.Scopes;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * How the lexical and the dense leg are weighted for one question ({@code retrieval.search.*}). The
 * dense leg runs only for a question language the embedder reads and whose configured weight is
 * above 0: an English-only model places Persian text at random (dense alone scores about 0 on the
 * Persian sets of the README's retrieval-quality table), and its votes in reciprocal-rank fusion
 * would only dilute BM25's. A question the dense leg cannot help is never embedded.
 *
 * <p>Given an executor, the question is embedded on it while the store runs the lexical leg, which
 * needs no embedding: the store waits for the vector only when its dense leg starts ({@link
 * QuestionVector}). Without one, the question is embedded before the search, on the caller's
 * thread.
 */
public final class FusionPolicy {

  private final RetrievalProperties.Search search;
  private final Embedder embedder;
  private final KbFusion kbFusion;
  private final Executor embedding;

  public FusionPolicy(RetrievalProperties.Search search, Embedder embedder) {
    this(search, embedder, KbFusion.NONE);
  }

  /** A policy that searches a calibrated KB with its own weights. */
  public FusionPolicy(RetrievalProperties.Search search, Embedder embedder, KbFusion kbFusion) {
    this(search, embedder, kbFusion, null);
  }

  /**
   * @param embedding where a question is embedded beside the lexical leg; {@code null} to embed it
   *     before the search
   */
  public FusionPolicy(
      RetrievalProperties.Search search, Embedder embedder, KbFusion kbFusion, Executor embedding) {
    this.search = search;
    this.embedder = embedder;
    this.kbFusion = kbFusion;
    this.embedding = embedding;
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
    var vector = new Embedded(question);
    return filter -> {
      var w = weights(filter, dense);
      return new SearchQuery(
          question,
          w.dense() > 0 ? vector.get() : QuestionVector.NONE,
          filter,
          limit,
          w.lexical(),
          w.dense(),
          search.rrfK(),
          language,
          search.windowScore(),
          search.fusion());
    };
  }

  /** The question's embedding, begun once, by the first search whose dense leg runs. */
  private final class Embedded {
    private final String question;
    private QuestionVector vector;

    Embedded(String question) {
      this.question = question;
    }

    synchronized QuestionVector get() {
      if (vector == null) {
        vector =
            embedding == null
                ? QuestionVector.of(embedder.embed(question))
                : QuestionVector.later(
                    CompletableFuture.supplyAsync(() -> embedder.embed(question), embedding));
      }
      return vector;
    }
  }

  /** The weights for the KBs of {@code filter}: the mean of each KB's own or configured ones. */
  KbFusion.Weights weights(TenantFilter filter, double configuredDense) {
    double lexical = 0;
    double dense = 0;
    int kbs = 0;
    for (String kb : filter.kbs()) {
      if (kb.equals(Scopes.ALL_KBS)) {
        continue;
      }
      var own = configuredDense > 0 ? kbFusion.of(kb) : Optional.<KbFusion.Weights>empty();
      lexical += own.map(w -> w.lexical() * search.lexicalWeight()).orElse(search.lexicalWeight());
      dense += own.map(w -> w.dense() * search.lexicalWeight()).orElse(configuredDense);
      kbs++;
    }
    return kbs == 0
        ? new KbFusion.Weights(search.lexicalWeight(), configuredDense)
        : new KbFusion.Weights(lexical / kbs, dense / kbs);
  }

  /** The dense leg's weight for a question language: 0 when the embedder does not read it. */
  public double denseWeight(String language) {
    return embedder.reads(language) ? search.denseWeightFor(language) : 0;
  }
}
