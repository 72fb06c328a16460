package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalScope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What one tool call asked and got (S2.6), logged as one {@code key=value} line. Values the model
 * wrote (the query, KB ids it named) are quoted and escaped, so a call cannot forge log lines.
 *
 * @param params the arguments that carry a value: an Avro call has every field, so an empty one
 *     counts as not given; {@code top_k} always applies to a query
 * @param kbs the KBs the call named, each once
 * @param queryPreview the query's first {@value #PREVIEW} characters, on one line
 * @param outcomes each searched KB: {@code ok:<results>} or {@code failed:<reason>}
 * @param merged different points the KBs found together, before {@code top_k}
 * @param error why the call was refused, or {@code null}
 */
record ToolCallRecord(
    String callId,
    String requestId,
    String pipeline,
    KnowledgeAction action,
    List<String> params,
    List<String> kbs,
    int topK,
    String queryPreview,
    List<Outcome> outcomes,
    int listed,
    int merged,
    int failed,
    int returned,
    String error,
    long tookMs) {

  /** The longest query preview, in characters. */
  static final int PREVIEW = 80;

  private static final Pattern PLAIN = Pattern.compile("[\\p{L}\\p{N}_.:@/-]{1,64}");

  /** One searched KB's outcome: how many results, or why it failed. */
  record Outcome(String kbId, int results, String failure) {}

  static ToolCallRecord of(
      KnowledgeToolCalled call,
      RetrievalScope scope,
      List<KbOutcome> outcomes,
      int merged,
      KnowledgeToolAnswered reply,
      Duration took) {
    var params = new ArrayList<String>();
    if (!call.getKbIds().isEmpty()) {
      params.add("kb_ids");
    }
    if (!call.getQueryText().isEmpty()) {
      params.add("query_text");
    }
    if (call.getAction() == KnowledgeAction.QUERY || call.getTopK() != 5) {
      params.add("top_k");
    }
    return new ToolCallRecord(
        call.getCallId(),
        scope.getRequestId(),
        scope.getPipeline(),
        call.getAction(),
        params,
        List.copyOf(new LinkedHashSet<>(call.getKbIds())),
        call.getTopK(),
        preview(call.getQueryText()),
        outcomes.stream().map(o -> new Outcome(o.kbId(), o.results().size(), o.failure())).toList(),
        reply.getKnowledgeBases().size(),
        merged,
        reply.getFailedKbs().size(),
        reply.getResults().size(),
        reply.getError(),
        took.toMillis());
  }

  /** The log line: {@code knowledge_call key=value ...}. */
  String line() {
    return "knowledge_call"
        + (" call_id=" + plain(callId))
        + (" request_id=" + plain(requestId))
        + (" pipeline=" + plain(pipeline))
        + (" action=" + action)
        + (" params=" + String.join(",", params))
        + (" kbs=" + kbs.stream().map(ToolCallRecord::plain).collect(Collectors.joining(",")))
        + (" top_k=" + topK)
        + (" query=" + quoted(queryPreview))
        + (" outcomes="
            + outcomes.stream().map(ToolCallRecord::outcome).collect(Collectors.joining(",")))
        + (" listed=" + listed)
        + (" merged=" + merged)
        + (" failed=" + failed)
        + (" returned=" + returned)
        + (" error=" + (error == null ? "none" : quoted(error)))
        + (" took_ms=" + tookMs);
  }

  @Override
  public String toString() {
    return line();
  }

  /** A text on one line, at most {@value #PREVIEW} characters, cut with an ellipsis. */
  static String preview(String text) {
    return cut(oneLine(text).strip(), PREVIEW);
  }

  /** An identifier as is when it is one plain word, else quoted and cut to 64 characters. */
  static String plain(String value) {
    return PLAIN.matcher(value).matches() ? value : quoted(cut(oneLine(value), 64));
  }

  static String quoted(String value) {
    return '"' + oneLine(value).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static String oneLine(String text) {
    return text.replaceAll("[\\s\\p{Cc}\\p{Zl}\\p{Zp}]+", " ");
  }

  private static String cut(String text, int max) {
    return text.codePointCount(0, text.length()) <= max
        ? text
        : text.substring(0, text.offsetByCodePoints(0, max - 1)) + "…";
  }

  private static String outcome(Outcome o) {
    return plain(o.kbId())
        + (o.failure() == null ? ":ok:" + o.results() : ":failed:" + quoted(o.failure()));
  }
}
