package io.streamrag.retrieval.tool;

import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalScope;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * The query_knowledge tool (S2.1), step by step: llm-service's model lists the knowledge bases of
 * its chat request's pipeline, or searches some of them. The model chooses KBs and words only:
 * which KBs it may name (S2.5) and whose data it may see (S1.6) come from the chat request. A KB
 * that fails is reported beside the others' results (S2.2); every call is logged (S2.6).
 */
public final class KnowledgeTool {

  private static final Logger log = LoggerFactory.getLogger(KnowledgeTool.class);

  private final PipelineKnowledgeBases bases;
  private final PerKbSearches searches;
  private final Clock clock;

  /**
   * @param store the chunk store, its searches each bounded in time ({@code GuardedChunkStore})
   * @param executor runs the KBs of one call at the same time; bounded
   * @param kbTimeout the longest a call waits for its KBs
   */
  public KnowledgeTool(
      PipelineKnowledgeBases bases,
      ChunkStore store,
      PipelineSearch settings,
      Reranker reranker,
      AsyncTaskExecutor executor,
      Duration kbTimeout,
      Clock clock) {
    this.bases = bases;
    this.searches = new PerKbSearches(new KbSearch(store, settings, reranker), executor, kbTimeout);
    this.clock = clock;
  }

  /** Answers one call; a failing or slow KB never makes it throw. */
  public KnowledgeToolAnswered answer(KnowledgeToolCalled call) {
    long started = System.nanoTime();
    var reply =
        KnowledgeToolAnswered.newBuilder().setCallId(call.getCallId()).setAction(call.getAction());
    var scope = RetrievalScopes.of(call);
    var done =
        call.getAction() == KnowledgeAction.LIST ? list(scope, reply) : query(call, scope, reply);
    var answer = reply.setAnsweredAt(clock.instant()).build();
    // 4. one line per call: what it asked, each KB's outcome, what it got (S2.6)
    log.info(
        "{}",
        ToolCallRecord.of(
            call,
            scope,
            done.outcomes(),
            done.merged(),
            answer,
            Duration.ofNanos(System.nanoTime() - started)));
    return answer;
  }

  /** What a call did besides its reply, for the log. */
  private record Done(List<KbOutcome> outcomes, int merged) {}

  private Done list(RetrievalScope scope, KnowledgeToolAnswered.Builder reply) {
    // 1. the KBs of the request's pipeline, by id
    reply.setKnowledgeBases(KbListing.of(bases.of(scope.getPipeline())));
    return new Done(List.of(), 0);
  }

  private Done query(
      KnowledgeToolCalled call, RetrievalScope scope, KnowledgeToolAnswered.Builder reply) {
    // 1. every KB in the request's pipeline (S2.5) and sane arguments, or nothing is searched
    var check = CallCheck.of(call, scope.getPipeline(), bases.of(scope.getPipeline()));
    if (!check.outsidePipeline().isEmpty()) {
      SecurityEvents.kbOutsidePipeline(call.getCallId(), scope, check.outsidePipeline());
    }
    if (check.refused()) {
      reply.setError(check.error());
      return new Done(List.of(), 0);
    }
    // 2. each KB on its own, all at once, under the request's tenant filter (S1.6, S2.2)
    var outcomes = searches.search(scope, check.kbIds(), call.getQueryText(), call.getTopK());
    // 3. one list by relevance, each point once, the best top_k; failed KBs beside it (S2.1, S2.2)
    var merge = ResultMerge.of(outcomes, call.getTopK());
    reply.setResults(merge.kept()).setFailedKbs(KbOutcome.failures(outcomes));
    return new Done(outcomes, merge.distinct());
  }
}
