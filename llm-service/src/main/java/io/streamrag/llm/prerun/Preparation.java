package io.streamrag.llm.prerun;

import io.streamrag.llm.config.PipelineSettings;
import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.memory.Recall;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.Map;

/**
 * A chat request on its way to the model: what each pre-run step has added so far.
 *
 * @param request the authenticated request, as the gateway published it
 * @param settings the pipeline's live prompt configuration (config sync); null before it
 * @param tones each knowledge base's live tone (config sync)
 * @param recall the conversation's earlier turns that fit the window (memory)
 * @param query what retrieval searches: the message, or its standalone rewrite
 * @param mode {@code classic} or {@code agentic} once chosen (S2.3); null before
 * @param evidence what classic retrieval accepted, part by part (S3); null in agentic mode
 * @param context what retrieval found (classic: the accepted passages, the sensor's snapshot); null
 *     before retrieval
 * @param trace the retrieval path so far (S3.6)
 * @param cancel fires when the answer's caller leaves: every search and model call is given it
 * @param scope the answer's trace context, restored where a step sends a record or logs
 */
public record Preparation(
    ChatRequested request,
    PipelineSettings settings,
    Map<String, String> tones,
    Recall recall,
    String query,
    String mode,
    Evidence evidence,
    ContextRetrieved context,
    Trace trace,
    Cancellation cancel,
    AnswerScope scope) {

  public Preparation {
    tones = Map.copyOf(tones);
  }

  /** The start of the chain: only the request, and a trace kept until someone watches it. */
  /** The start of the chain for tools and tests: nobody cancels it, no trace to carry. */
  public static Preparation of(ChatRequested request) {
    return of(request, Cancellation.none(), AnswerScope.none());
  }

  public static Preparation of(ChatRequested request, Cancellation cancel, AnswerScope scope) {
    return new Preparation(
        request,
        null,
        Map.of(),
        Recall.NONE,
        request.getMessage(),
        null,
        null,
        null,
        new Trace(),
        cancel,
        scope);
  }

  public Preparation withConfig(PipelineSettings settings, Map<String, String> tones) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  public Preparation withRecall(Recall recall) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  public Preparation withQuery(String query) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  public Preparation withMode(String mode) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  public Preparation withContext(ContextRetrieved context) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  public Preparation withEvidence(Evidence evidence, ContextRetrieved context) {
    return new Preparation(
        request, settings, tones, recall, query, mode, evidence, context, trace, cancel, scope);
  }

  /** True when the query is a rewrite of the message. */
  public boolean rewritten() {
    return !query.equals(request.getMessage());
  }

  /** True when the model retrieves through the tool (S2.3). */
  public boolean agentic() {
    return "agentic".equals(mode);
  }
}
