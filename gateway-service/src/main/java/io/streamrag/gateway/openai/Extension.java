package io.streamrag.gateway.openai;

import io.streamrag.gateway.chat.NeedsHumanJson;
import io.streamrag.gateway.trace.TraceStepJson;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.TraceSteps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code x_streamrag} extension field: what an answer rests on, which plain OpenAI clients
 * ignore. On the first chunk: the request id and the meta (knowledge bases, memory, the rewritten
 * query). On the final chunk (and the non-streamed response): {@code citations}, {@code trace},
 * {@code needs_human} (null when every part of the question had evidence), who answered, the mode
 * and the searches made. Citations and trace steps are collected as they stream by.
 */
final class Extension {

  static final String FIELD = "x_streamrag";

  private final String requestId;
  private final List<Map<String, Object>> citations = new ArrayList<>();
  private final List<Map<String, Object>> trace = new ArrayList<>();
  private Map<String, Object> needsHuman;

  Extension(String requestId) {
    this.requestId = requestId;
  }

  /** Keeps a citation, trace step or needs-human event; other events are not kept. */
  void collect(AnswerEvent e) {
    e.getPreceding().forEach(this::collect); // the citations that travel with the done
    switch (e.getType()) {
      case CITATION -> {
        var c = e.getCitation();
        citations.add(
            Map.of(
                "index",
                c.getIndex(),
                "source",
                c.getSource(),
                "kb",
                c.getKb(),
                "score",
                c.getScore()));
      }
      case TRACE -> TraceSteps.of(e).forEach(t -> trace.add(TraceStepJson.of(t)));
      case NEEDS_HUMAN -> needsHuman = NeedsHumanJson.of(e.getNeedsHuman());
      default -> {}
    }
  }

  /** The first chunk's: the request and what the answer rests on. */
  Map<String, Object> meta(AnswerMeta meta) {
    var x = new LinkedHashMap<String, Object>();
    x.put("request_id", requestId);
    x.put("kb", meta.getKb());
    x.put("degraded", meta.getDegraded());
    x.put("memory", meta.getMemory());
    x.put("history_turns", meta.getHistoryTurns());
    if (meta.getQuery() != null) {
      x.put("query", meta.getQuery());
    }
    return x;
  }

  /** The final chunk's: sources, path, what is missing, who answered. */
  Map<String, Object> end(AnswerDone done) {
    var x = new LinkedHashMap<String, Object>();
    x.put("request_id", requestId);
    x.put("citations", List.copyOf(citations));
    x.put("trace", List.copyOf(trace));
    x.put(
        "needs_human",
        done != null && done.getNeedsHuman() != null
            ? NeedsHumanJson.of(done.getNeedsHuman())
            : needsHuman);
    if (done != null) {
      x.put("provider", done.getProvider());
      x.put("model", done.getModel());
      x.put("mode", done.getMode());
      x.put("searches", done.getSearches());
      if (!done.getFallbacks().isEmpty()) {
        x.put("fallbacks", done.getFallbacks());
      }
    }
    return x;
  }

  /** OpenAI's {@code usage}, when the provider reported it; null otherwise. */
  static Map<String, Object> usage(AnswerDone done) {
    if (done == null || done.getPromptTokens() + done.getCompletionTokens() == 0) {
      return null;
    }
    return Map.of(
        "prompt_tokens", done.getPromptTokens(),
        "completion_tokens", done.getCompletionTokens(),
        "total_tokens", done.getPromptTokens() + done.getCompletionTokens());
  }
}
