package io.streamrag.schemas.chat;

import java.util.ArrayList;
import java.util.List;

/**
 * The trace steps one {@code TRACE} answer event carries, in order: its {@code trace} and then its
 * {@code trace_more}. Steps that come together (the retrieval path handed on when the answer
 * starts, a burst of an agentic answer's steps) travel as one record instead of one record each.
 */
public final class TraceSteps {

  private TraceSteps() {}

  /** Every step of {@code event}, in order; empty for an event that is not a trace. */
  public static List<TraceStep> of(AnswerEvent event) {
    if (event.getType() != AnswerEventType.TRACE || event.getTrace() == null) {
      return List.of();
    }
    if (event.getTraceMore().isEmpty()) {
      return List.of(event.getTrace());
    }
    var steps = new ArrayList<TraceStep>(1 + event.getTraceMore().size());
    steps.add(event.getTrace());
    steps.addAll(event.getTraceMore());
    return steps;
  }

  /** Sets {@code steps} (at least one) on a {@code TRACE} event being built. */
  public static AnswerEvent.Builder set(AnswerEvent.Builder event, List<TraceStep> steps) {
    return event
        .setType(AnswerEventType.TRACE)
        .setTrace(steps.get(0))
        .setTraceMore(List.copyOf(steps.subList(1, steps.size())));
  }
}
