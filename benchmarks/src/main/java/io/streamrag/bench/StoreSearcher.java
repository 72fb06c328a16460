package io.streamrag.bench;

import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Searcher;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.TenantFilter;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The evidence loop's {@link Searcher} over an in-process store, doing what retrieval-service does
 * for one context search: the configured number of hybrid candidates for the question's language
 * (7), reranked, the best kept (3), each with its relevance. A candidate's source is its document's
 * id, so the benchmark can tell whether the evidence cites the right document.
 */
record StoreSearcher(
    ChunkStore store,
    FusionPolicy fusion,
    Reranker reranker,
    TenantFilter filter,
    int keep,
    String language)
    implements Searcher {

  @Override
  public CompletableFuture<Found> search(String query, Part part) {
    return CompletableFuture.completedFuture(found(query, query.equals(part.text())));
  }

  /**
   * @param ownWords whether the query is the part's own text, as retrieval-service's reply is read
   */
  private Found found(String query, boolean ownWords) {
    var fused = store.search(fusion.query(query, language, filter));
    List<Candidate> candidates =
        reranker.rerank(query, fused, keep).stream()
            .map(
                r -> {
                  var c = r.candidate().chunk();
                  return new Candidate(
                      c.pointId(),
                      c.text(),
                      c.docId(),
                      c.kbName(),
                      c.sensorUuid(),
                      r.relevance(),
                      c.language(),
                      ownWords && r.candidate().denseRank() > 0
                          ? r.candidate().denseSimilarity()
                          : Double.NaN);
                })
            .toList();
    return new Found(candidates, List.of(BenchIndex.KB), false, "");
  }
}
