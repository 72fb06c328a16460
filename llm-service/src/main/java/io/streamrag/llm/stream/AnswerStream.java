package io.streamrag.llm.stream;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerEvents;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.springframework.scheduling.TaskScheduler;

/**
 * The events of one answer, in order, on the answers topic: keyed by request id and sent to the
 * partition the request named, or its key's (so they share a partition and keep their order) and
 * numbered by {@code seq}, which counts the events a client sees: a record of k trace steps is
 * numbered {@code seq} and the next one {@code seq + k}, so each step has an event id of its own to
 * resume after. Nothing waits for the broker but the final event's future, which completes once the
 * broker has every event of the answer. Tokens are grouped by {@link TokenBatching}: the first goes
 * out at once, later ones at most one record per linger; a group still held when no other event
 * comes is sent by the scheduler at the linger's end. Trace steps are grouped too: held until the
 * next event of another kind (or the linger's end) and sent as one {@code TRACE} record ({@link
 * TraceSteps}), so the retrieval path handed on when the answer starts is one record, not one per
 * step. An answer's end goes as one record too: its citations and needs-human are held and sent as
 * the {@code preceding} events of its done ({@link AnswerEvents}), each still numbered as an event
 * of its own. Thread-safe: the scheduler's send and the answering thread's take turns.
 *
 * <p>Every event carries the answer's generation: this attempt's, so that when an instance dies
 * mid-answer and another answers the request again from seq 0, readers tell the two apart and never
 * show one as the continuation of the other.
 */
public final class AnswerStream {

  private final TopicWriter.Batch out;
  private final Clock clock;
  private final String requestId;
  private final String generation;
  private final Integer partition;
  private final TokenBatching batching;
  private final TaskScheduler scheduler;
  private final AnswerScope scope;
  private final StringBuilder held = new StringBuilder();
  private final List<TraceStep> heldSteps = new ArrayList<>();
  private final List<AnswerEvent> heldEnd = new ArrayList<>();
  private Instant lastTokens = Instant.MIN;
  private ScheduledFuture<?> pending;
  private int seq;

  /** Every token its own record; for tests and tools without a scheduler. */
  public AnswerStream(TopicWriter writer, Clock clock, String requestId, String generation) {
    this(writer, clock, requestId, generation, null, TokenBatching.NONE, null, AnswerScope.none());
  }

  /**
   * @param partition the partition of the answers topic the request named ({@link
   *     io.streamrag.schemas.chat.AnswerPartition}); null: where the request id hashes
   */
  AnswerStream(
      TopicWriter writer,
      Clock clock,
      String requestId,
      String generation,
      Integer partition,
      TokenBatching batching,
      TaskScheduler scheduler,
      AnswerScope scope) {
    this.out = writer.batch();
    this.clock = clock;
    this.requestId = requestId;
    this.generation = generation;
    this.partition = partition;
    this.batching = scheduler == null ? TokenBatching.NONE : batching;
    this.scheduler = scheduler;
    this.scope = scope;
  }

  public synchronized void meta(AnswerMeta meta) {
    sendEnd();
    sendSteps();
    send(event(AnswerEventType.META).setMeta(meta));
  }

  /** A piece of the answer's text: sent now, or held to go with the next ones (see the class). */
  public synchronized void token(String text) {
    sendEnd();
    sendSteps();
    held.append(text);
    Instant now = clock.instant();
    Instant due = lastTokens.plus(batching.linger());
    if (!now.isBefore(due) || held.length() >= batching.maxChars()) {
      sendTokens(now);
    } else if (pending == null) {
      pending = scheduler.schedule(this::sendHeld, due);
    }
  }

  /** One step of the retrieval path (S3.6): held to go with the steps that follow it. */
  public synchronized void trace(TraceStep step) {
    sendEnd();
    sendTokens(clock.instant());
    heldSteps.add(step);
    if (batching == TokenBatching.NONE || batching.linger().isZero()) {
      sendSteps();
    } else if (pending == null) {
      pending = scheduler.schedule(this::sendHeld, clock.instant().plus(batching.linger()));
    }
  }

  /** The parts of the question left without evidence (S3.5): held to go with the done. */
  public synchronized void needsHuman(NeedsHuman needs) {
    sendAll();
    heldEnd.add(event(AnswerEventType.NEEDS_HUMAN).setNeedsHuman(needs).build());
  }

  /** A source the answer rests on: held to go with the done. */
  public synchronized void citation(Citation citation) {
    sendAll();
    heldEnd.add(event(AnswerEventType.CITATION).setCitation(citation).build());
  }

  /**
   * The last event of an answer that completed: who answered and the tokens used, with the
   * citations and needs-human held before it. Completes once the broker has every event of the
   * answer.
   */
  public synchronized CompletableFuture<Void> done(AnswerDone done) {
    sendAll();
    send(event(AnswerEventType.DONE).setDone(done).setPreceding(List.copyOf(heldEnd)));
    heldEnd.clear();
    return out.acked();
  }

  /** The last event of an answer that failed; completes once the broker has every event. */
  public synchronized CompletableFuture<Void> error(String code, String message) {
    sendAll();
    send(
        event(AnswerEventType.ERROR)
            .setError(new AnswerError(code, message))
            .setPreceding(List.copyOf(heldEnd)));
    heldEnd.clear();
    return out.acked();
  }

  private synchronized void sendHeld() {
    pending = null;
    sendAll();
  }

  /** Sends whatever is held: steps and tokens are never held at once, so the order is kept. */
  private void sendAll() {
    sendSteps();
    sendTokens(clock.instant());
  }

  /**
   * Sends held end events one record each: only when another kind of event follows them, which an
   * answer does not do, so the order holds whatever the caller does.
   */
  private void sendEnd() {
    heldEnd.forEach(this::publish);
    heldEnd.clear();
  }

  /** Sends the held trace steps, if any, as one record. */
  private void sendSteps() {
    if (heldSteps.isEmpty()) {
      return;
    }
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
    send(TraceSteps.set(event(AnswerEventType.TRACE), heldSteps));
    seq += heldSteps.size() - 1; // each step is an event of its own on the client's stream
    heldSteps.clear();
  }

  /** Sends the held tokens, if any, as one record. */
  private void sendTokens(Instant now) {
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
    if (held.length() > 0) {
      var tokens =
          AnswerEvents.tokens(requestId, generation, seq++, held.toString(), clock.instant());
      // a fragment of the answer: no span of its own (Fragments), so sent without the answer's
      // scope, which cost more than the send (JFR, docs/measurements/2026-12-07-streams-cpu.md)
      out.send(ChatTopics.CHAT_ANSWERS, partition, requestId, tokens, true);
      held.setLength(0);
      lastTokens = now;
    }
  }

  private AnswerEvent.Builder event(AnswerEventType type) {
    return AnswerEvents.event(requestId, generation, seq++, type, clock.instant());
  }

  private void send(AnswerEvent.Builder event) {
    publish(event.build());
  }

  /** Every record goes out in the answer's trace, whichever thread sends it. */
  private void publish(AnswerEvent event) {
    scope.run(() -> out.send(ChatTopics.CHAT_ANSWERS, partition, requestId, event, false));
  }
}
