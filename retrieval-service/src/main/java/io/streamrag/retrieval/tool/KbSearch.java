package io.streamrag.retrieval.tool;

import io.streamrag.kit.text.Language;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.chat.KnowledgeResult;
import io.streamrag.schemas.chat.RetrievalScope;
import java.util.List;
import java.util.function.Function;

/**
 * One knowledge base's search for a tool call: the pipeline's fusion settings, the tenant filter of
 * the chat request (S1.6), then rerank. The model's words are only the question: the filter is
 * built from the request's sensor and a KB id already checked against its pipeline.
 */
final class KbSearch {

  /**
   * A call's question, ready for any of its KBs: its language detected and, when the dense leg
   * reads that language, embedded once for all of them.
   */
  record Prepared(
      String sensorUuid, String question, Function<TenantFilter, SearchQuery> queries, int keep) {}

  private final ChunkStore store;
  private final PipelineSearch searches;
  private final Reranker reranker;

  KbSearch(ChunkStore store, PipelineSearch searches, Reranker reranker) {
    this.store = store;
    this.searches = searches;
    this.reranker = reranker;
  }

  /**
   * Prepares the searches of one call. Each KB brings at least as many candidates as the model
   * keeps, since all of them may come from one KB, and at least as many as the pipeline reranks.
   */
  Prepared prepare(RetrievalScope chat, String question, int topK) {
    String pipeline = chat.getPipeline();
    int candidates = Math.max(searches.settings(pipeline).candidates(), topK);
    var queries =
        searches.policy(pipeline).queries(question, Language.detect(question), candidates);
    return new Prepared(chat.getSensorUuid(), question, queries, topK);
  }

  /** The best results of one KB, or why it failed; never throws. */
  KbOutcome in(String kbId, Prepared call) {
    try {
      var candidates =
          store.search(call.queries().apply(TenantFilter.of(call.sensorUuid(), List.of(kbId))));
      return KbOutcome.found(
          kbId,
          reranker.rerank(call.question(), candidates, call.keep()).stream()
              .map(KbSearch::result)
              .toList());
    } catch (RuntimeException e) {
      return KbOutcome.failed(kbId, reason(e));
    }
  }

  /**
   * A result labelled with the KB that holds it: the KB searched, or {@code __all__} for the
   * sensor's own data, which belongs to every KB and may be found through any of them.
   */
  private static KnowledgeResult result(Reranker.Ranked r) {
    var c = r.candidate().chunk();
    return new KnowledgeResult(
        c.kbName(), c.text(), c.source(), r.relevance(), c.pointId(), c.sensorUuid(), c.language());
  }

  static String reason(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
