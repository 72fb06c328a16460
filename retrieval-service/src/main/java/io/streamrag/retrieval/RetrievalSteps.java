package io.streamrag.retrieval;

import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.route.KbRouter;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.RetrievalScope;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * retrieval-service, step by step: what is relevant for this user and this question. The tenant
 * filter comes only from the authenticated request (its {@code sensor_uuid}, checked by the
 * gateway), never from the question text.
 */
public class RetrievalSteps {

  private static final Logger log = LoggerFactory.getLogger(RetrievalSteps.class);

  private final KbRouter router;
  private final ChunkStore store;
  private final PipelineSearch searches;
  private final Reranker reranker;
  private final LiveState live;
  private final Clock clock;

  /**
   * @param searches each pipeline's candidate counts and fusion weights, with each KB's own
   *     calibrated weights
   */
  public RetrievalSteps(
      KbRouter router,
      ChunkStore store,
      Reranker reranker,
      LiveState live,
      PipelineSearch searches,
      Clock clock) {
    this.router = router;
    this.store = store;
    this.searches = searches;
    this.reranker = reranker;
    this.live = live;
    this.clock = clock;
  }

  /** Answers one retrieval call of llm-service: the context of its request's scope and query. */
  public ContextRetrieved handle(RetrievalRequested call) {
    return retrieve(RetrievalScopes.of(call), RetrievalScopes.query(call));
  }

  /**
   * The context for one chat request, searching {@code question}: its message, a part of it, or its
   * standalone rewrite. The tenant filter comes from the request's scope alone.
   */
  public ContextRetrieved retrieve(RetrievalScope request, String question) {
    // 1. route the question to knowledge bases of the caller's pipeline only (S1.2)
    List<String> kbs =
        router.route(
            question,
            request.getLanguage(),
            live.knowledgeBases(request.getPipeline()).stream()
                .map(
                    kb ->
                        new KbRouter.Kb(
                            kb.getKbName(), kb.getDescription(), kb.getRoutingKeywords()))
                .toList());
    var context =
        ContextRetrieved.newBuilder()
            .setKbNames(kbs)
            .setPassages(List.of())
            .setQuery(question)
            .setRetrievedAt(clock.instant());
    // the pipeline's own search settings, if it has them
    var settings = searches.settings(request.getPipeline());
    var policy = searches.policy(request.getPipeline());
    try {
      // 2. hybrid search under the tenant filter (S1.6): 7 candidates (S0.4)
      var candidates =
          store.search(
              policy.query(
                  question, request.getLanguage(), TenantFilter.of(request.getSensorUuid(), kbs)));
      // 3. rerank and keep the best 3 (S0.4), each with its relevance for the prompt (S0.5) and,
      // where the dense leg found it, its similarity for llm-service's evidence judge
      var passages =
          reranker.rerank(question, candidates, settings.keep()).stream()
              .map(
                  r -> {
                    var c = r.candidate().chunk();
                    return new Passage(
                        c.pointId(),
                        c.text(),
                        c.source(),
                        c.kbName(),
                        c.sensorUuid(),
                        c.chunkIndex(),
                        c.language(),
                        r.relevance(),
                        r.candidate().denseRank() > 0 ? r.candidate().denseSimilarity() : null);
                  })
              .toList();
      context.setPassages(passages);
    } catch (RuntimeException e) {
      // 5. a failed search degrades the answer instead of inventing one (S0.6)
      log.error(
          "search failed for request {}: the answer will say the knowledge base is unavailable",
          request.getRequestId(),
          e);
      context.setDegraded(true).setDegradedReason("knowledge base unavailable: " + e.getMessage());
    }
    // 4. attach the sensor's current snapshot in the question's language (S1.7)
    live.snapshot(request.getSensorUuid())
        .ifPresent(
            s ->
                context
                    .setSnapshotText(LiveState.textIn(s, request.getLanguage()))
                    .setSnapshotMeasuredAt(s.getMeasuredAt()));
    return context.build();
  }
}
