package io.streamrag.retrieval;

import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.rerank.FusedOrderReranker;
import io.streamrag.retrieval.route.KbRouter;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import java.time.Clock;
import java.util.Map;

/**
 * retrieval-service's steps as a test builds them without Spring: no routing, the fused order kept
 * as the ranking, the bundled MiniLM embedding questions, and 7 candidates of which 3 are kept
 * unless a pipeline has its own counts.
 */
final class LocalSteps {

  private LocalSteps() {}

  static RetrievalSteps over(
      ChunkStore store, LiveState live, Map<String, RetrievalProperties.Search> perPipeline) {
    return new RetrievalSteps(
        new KbRouter(Map.of()),
        store,
        new FusedOrderReranker(),
        live,
        new PipelineSearch(
            new RetrievalProperties.Search(7, 3, 60, 1.0, Map.of("default", 0.0)),
            perPipeline,
            OnnxEmbedder.bundledMiniLm(Runnable::run)),
        Clock.systemUTC());
  }
}
