package io.streamrag.gateway.chat;

import io.streamrag.gateway.relay.EventIds;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.trace.TraceStepJson;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerEvents;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.codec.ServerSentEvent;

/**
 * An answer record as the SSE events the client reads: one event with the record's {@code seq} as
 * its id, or one {@code trace} event per step of a record that carries several, numbered {@code
 * seq}, {@code seq + 1}, … (the llm-service leaves those numbers free), or the events a record
 * carries before its own ({@link AnswerEvents}: citations with the done), each with its own number.
 * Every event has an id of its own ({@link EventIds}: the generation and the number), so a client
 * that comes back resumes after exactly the last one it has. When the answer restarts ({@link
 * Relayed.Reset}) a {@code reset} event tells the client to forget what it was shown of it.
 */
final class AnswerSse {

  private AnswerSse() {}

  /**
   * What the client reads of one relayed item: the SSE events of an answer record it does not have
   * yet (one, or one per step of a grouped trace), or a {@code reset} when the answer restarted
   * after it was shown something of it (else the new generation simply follows).
   */
  static List<ServerSentEvent<Object>> of(
      String requestId, String conversationId, Relayed relayed) {
    if (relayed instanceof Relayed.Reset reset) {
      return reset.shown() ? List.of(reset(requestId, reset.generation())) : List.of();
    }
    var e = (Relayed.Event) relayed;
    return of(requestId, conversationId, e.event(), e.generation(), e.after());
  }

  /** The {@code reset} event: its id says the client has nothing yet of the new generation. */
  static ServerSentEvent<Object> reset(String requestId, int generation) {
    var data = new LinkedHashMap<String, Object>();
    data.put("request_id", requestId);
    data.put("code", "generation_restarted");
    data.put(
        "message",
        "the service answering stopped; the answer starts again: forget what was shown of it");
    return ServerSentEvent.builder((Object) data)
        .event("reset")
        .id(EventIds.of(requestId, generation, -1))
        .build();
  }

  static List<ServerSentEvent<Object>> of(
      String requestId, String conversationId, AnswerEvent e, int generation, int after) {
    if (!e.getPreceding().isEmpty()) {
      var events = new ArrayList<ServerSentEvent<Object>>();
      for (AnswerEvent one : AnswerEvents.of(e)) {
        events.addAll(of(requestId, conversationId, one, generation, after));
      }
      return events;
    }
    if (e.getType() == AnswerEventType.TRACE) {
      var steps = TraceSteps.of(e);
      var events = new ArrayList<ServerSentEvent<Object>>(steps.size());
      for (int i = 0; i < steps.size(); i++) {
        if (e.getSeq() + i > after) {
          events.add(trace(EventIds.of(requestId, generation, e.getSeq() + i), steps.get(i)));
        }
      }
      return events;
    }
    return e.getSeq() > after
        ? List.of(event(requestId, conversationId, e, generation))
        : List.of();
  }

  private static ServerSentEvent<Object> trace(String id, TraceStep t) {
    return ServerSentEvent.builder((Object) TraceStepJson.of(t)).event("trace").id(id).build();
  }

  private static ServerSentEvent<Object> event(
      String requestId, String conversationId, AnswerEvent e, int generation) {
    var data = new LinkedHashMap<String, Object>();
    String name =
        switch (e.getType()) {
          case META -> {
            data.put("request_id", requestId);
            data.put("conversation_id", conversationId);
            data.put("kb", e.getMeta().getKb());
            data.put("provider", e.getMeta().getProvider());
            data.put("model", e.getMeta().getModel());
            data.put("degraded", e.getMeta().getDegraded());
            data.put("memory", e.getMeta().getMemory());
            data.put("history_turns", e.getMeta().getHistoryTurns());
            if (e.getMeta().getQuery() != null) {
              data.put("query", e.getMeta().getQuery());
            }
            yield "meta";
          }
          case TOKEN -> {
            data.put("text", e.getText());
            yield "token";
          }
          case TRACE -> throw new IllegalStateException("trace events are relayed step by step");
          case NEEDS_HUMAN -> {
            data.putAll(NeedsHumanJson.of(e.getNeedsHuman()));
            yield "needs_human";
          }
          case CITATION -> {
            data.put("index", e.getCitation().getIndex());
            data.put("source", e.getCitation().getSource());
            data.put("kb", e.getCitation().getKb());
            data.put("score", e.getCitation().getScore());
            yield "citation";
          }
          case DONE -> {
            data.put("request_id", requestId);
            data.put("conversation_id", conversationId);
            if (e.getDone() != null) {
              data.put("provider", e.getDone().getProvider());
              data.put("model", e.getDone().getModel());
              data.put(
                  "usage",
                  Map.of(
                      "prompt_tokens", e.getDone().getPromptTokens(),
                      "completion_tokens", e.getDone().getCompletionTokens()));
              if (!e.getDone().getFallbacks().isEmpty()) {
                data.put("fallbacks", e.getDone().getFallbacks());
              }
              data.put("mode", e.getDone().getMode());
              data.put("searches", e.getDone().getSearches());
              if (e.getDone().getNeedsHuman() != null) {
                data.put("needs_human", NeedsHumanJson.of(e.getDone().getNeedsHuman()));
              }
            }
            yield "done";
          }
          case ERROR -> {
            data.put("code", e.getError().getCode());
            data.put("message", e.getError().getMessage());
            yield "error";
          }
        };
    return ServerSentEvent.builder((Object) data)
        .event(name)
        .id(EventIds.of(requestId, generation, e.getSeq()))
        .build();
  }
}
