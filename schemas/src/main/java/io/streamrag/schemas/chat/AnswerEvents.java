package io.streamrag.schemas.chat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The events one answer record carries, in stream order: its {@code preceding} events (each with
 * its own {@code seq}), then itself. Events that come together at an answer's end (its citations
 * and needs-human, then done) travel as one record instead of one record each; a reader that wants
 * events one by one reads them through here. Grouped trace steps are a record's own ({@link
 * TraceSteps}).
 */
public final class AnswerEvents {

  private AnswerEvents() {}

  /**
   * An answer event of one request's generation, numbered {@code seq} in its stream: what each
   * event a writer of answers (llm-service, or a test playing it) publishes starts from.
   */
  public static AnswerEvent.Builder event(
      String requestId, String generation, int seq, AnswerEventType type, Instant emittedAt) {
    return AnswerEvent.newBuilder()
        .setRequestId(requestId)
        .setGeneration(generation)
        .setSeq(seq)
        .setType(type)
        .setEmittedAt(emittedAt);
  }

  /**
   * A token event: the same record {@link #event} builds with its text set, made by the record's
   * constructor. An answer sends some fifty of them; a builder looks up every field's default
   * through the schema's hash on each build, which was 9 % of the CPU of llm-service's model
   * threads with 200 answers streaming (JFR).
   */
  public static AnswerEvent tokens(
      String requestId, String generation, int seq, String text, Instant emittedAt) {
    return new AnswerEvent(
        requestId,
        seq,
        AnswerEventType.TOKEN,
        text,
        null,
        null,
        null,
        null,
        List.of(),
        null,
        null,
        emittedAt,
        generation,
        List.of());
  }

  /** The record's events in order; the record itself last, without its preceding ones. */
  public static List<AnswerEvent> of(AnswerEvent record) {
    if (record.getPreceding().isEmpty()) {
      return List.of(record);
    }
    var events = new ArrayList<AnswerEvent>(record.getPreceding().size() + 1);
    for (AnswerEvent e : record.getPreceding()) {
      events.addAll(of(e));
    }
    events.add(AnswerEvent.newBuilder(record).setPreceding(List.of()).build());
    return events;
  }
}
