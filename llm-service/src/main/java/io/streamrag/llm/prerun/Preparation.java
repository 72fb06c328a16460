package io.streamrag.llm.prerun;

import io.streamrag.llm.config.PipelineSettings;
import io.streamrag.llm.memory.Recall;
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
 * @param context what retrieval found; null before retrieval
 */
public record Preparation(
    ChatRequested request,
    PipelineSettings settings,
    Map<String, String> tones,
    Recall recall,
    String query,
    ContextRetrieved context) {

  public Preparation {
    tones = Map.copyOf(tones);
  }

  /** The start of the chain: only the request. */
  public static Preparation of(ChatRequested request) {
    return new Preparation(request, null, Map.of(), Recall.NONE, request.getMessage(), null);
  }

  public Preparation withConfig(PipelineSettings settings, Map<String, String> tones) {
    return new Preparation(request, settings, tones, recall, query, context);
  }

  public Preparation withRecall(Recall recall) {
    return new Preparation(request, settings, tones, recall, query, context);
  }

  public Preparation withQuery(String query) {
    return new Preparation(request, settings, tones, recall, query, context);
  }

  public Preparation withContext(ContextRetrieved context) {
    return new Preparation(request, settings, tones, recall, query, context);
  }

  /** True when the query is a rewrite of the message. */
  public boolean rewritten() {
    return !query.equals(request.getMessage());
  }
}
