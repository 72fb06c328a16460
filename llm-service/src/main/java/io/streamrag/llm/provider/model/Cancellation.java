package io.streamrag.llm.provider.model;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Whether anybody still waits for the answer being written on this thread. An answer runs on one
 * thread from request to {@code done} (the Kafka handler's), so the answer's cancellation is held
 * for that thread like its trace context is: every model call made on it (answer, agentic loop,
 * planner, rewrite) sees it without it being passed through each signature. When the caller leaves,
 * {@link #cancel()} closes the connections of the calls under way (their hooks) and every later
 * check throws {@link Cancelled}: the provider stops streaming and nothing more is published.
 */
public final class Cancellation {

  private static final ThreadLocal<Cancellation> CURRENT = new ThreadLocal<>();

  /** Nobody can cancel it: outside an answer (tools, tests, recommendations). */
  private static final Cancellation NEVER = new Cancellation();

  private final List<Runnable> hooks = new CopyOnWriteArrayList<>();
  private volatile boolean cancelled;

  /** Thrown at the next check after {@link #cancel()}: not a provider's fault, nothing to retry. */
  public static final class Cancelled extends RuntimeException {
    public Cancelled() {
      super("the caller left: the answer was stopped", null, false, false);
    }
  }

  /** The cancellation of the answer on this thread, or one that never fires. */
  public static Cancellation current() {
    var current = CURRENT.get();
    return current == null ? NEVER : current;
  }

  /** Makes this the current thread's cancellation until the returned scope is closed. */
  public Scope enter() {
    var before = CURRENT.get();
    CURRENT.set(this);
    return () -> {
      if (before == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(before);
      }
    };
  }

  /** A scope that restores the thread's previous cancellation. */
  @FunctionalInterface
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /** Stops the answer: runs the hooks registered so far (once each) and marks it cancelled. */
  public void cancel() {
    if (this == NEVER) {
      return;
    }
    cancelled = true;
    for (Runnable hook : hooks) {
      if (hooks.remove(hook)) {
        hook.run();
      }
    }
  }

  public boolean cancelled() {
    return cancelled;
  }

  /**
   * @throws Cancelled once the answer has been cancelled
   */
  public void check() {
    if (cancelled) {
      throw new Cancelled();
    }
  }

  /**
   * Runs {@code hook} when the answer is cancelled (at once if it already is), until the returned
   * scope is closed: e.g. closing the connection of a model call, so that a model that is thinking
   * or stalled stops at once, not at its next token.
   */
  public Scope onCancel(Runnable hook) {
    if (this == NEVER) {
      return () -> {};
    }
    hooks.add(hook);
    if (cancelled && hooks.remove(hook)) {
      hook.run();
    }
    return () -> hooks.remove(hook);
  }
}
