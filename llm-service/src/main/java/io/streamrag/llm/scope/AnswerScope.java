package io.streamrag.llm.scope;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The trace context of one answer (its span, its {@code request_id} baggage, its log fields), taken
 * where the request was read and restored wherever the answer goes on: an answer's steps run on
 * whichever thread completed what they waited for (a search's reply, a model's line, a database
 * query), so each step that sends a record or logs runs inside this scope. Every record of the chat
 * then carries its trace, and every log line its request id.
 */
public final class AnswerScope {

  private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().build();
  private static final AnswerScope NONE = new AnswerScope(null);

  private final ContextSnapshot snapshot;

  private AnswerScope(ContextSnapshot snapshot) {
    this.snapshot = snapshot;
  }

  /** The context of the current thread, to restore later. */
  public static AnswerScope capture() {
    return new AnswerScope(FACTORY.captureAll());
  }

  /** No context: outside an answer (tools, tests). */
  public static AnswerScope none() {
    return NONE;
  }

  /** Runs {@code step} inside the answer's context. */
  public void run(Runnable step) {
    if (snapshot == null) {
      step.run();
      return;
    }
    try (var scope = snapshot.setThreadLocals()) {
      step.run();
    }
  }

  /** Runs {@code step} inside the answer's context and returns what it made. */
  public <T> T call(Supplier<T> step) {
    if (snapshot == null) {
      return step.get();
    }
    try (var scope = snapshot.setThreadLocals()) {
      return step.get();
    }
  }

  /**
   * An executor that runs each step at once, on the calling thread, inside the answer's context:
   * for {@code thenComposeAsync(step, scope.inline())}.
   */
  public Executor inline() {
    return this::run;
  }
}
