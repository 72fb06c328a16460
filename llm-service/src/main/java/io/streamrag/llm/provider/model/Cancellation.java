package io.streamrag.llm.provider.model;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Whether anybody still waits for one answer. Every model call and search made for the answer is
 * given it: when the caller leaves (the gateway's cancel, a disconnect or its timeout), {@link
 * #cancel()} runs the hooks of the calls under way, which close their connections at once, even
 * while a model is thinking or stalled, and every later {@link #check()} throws {@link Cancelled}:
 * nothing more is asked or published.
 */
public final class Cancellation {

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

  /** A cancellation that never fires, for calls nobody can cancel. */
  public static Cancellation none() {
    return NEVER;
  }

  /** A scope that deregisters a hook. */
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
   * scope is closed: e.g. closing the connection of a model call.
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
