package io.streamrag.gateway.admission;

import io.streamrag.kit.guard.Refusal;
import io.streamrag.schemas.chat.StreamLoadReported;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Who may start a chat now. A key has at most {@code perKey} answers in flight, counted across the
 * gateway replicas (this one's live count plus what the others last reported); beyond it, {@code
 * 429} at once. When the chats in flight fill every llm-service instance's budget, {@code 503} at
 * once, not a timeout 30 s later. Both say when to try again.
 *
 * <p>Replicas learn each other's counts within a report's settling time (~0.1 s): a key bursting on
 * two replicas at the same instant may pass its limit by what both admit meanwhile.
 */
public final class ChatAdmission {

  /** A chat admitted: its place is held until {@link #release()}, once. */
  public final class Slot {
    private final String owner;
    private final AtomicBoolean released = new AtomicBoolean();

    private Slot(String owner) {
      this.owner = owner;
    }

    /** The chat ended (done, error, timeout, cancelled, the client gone): its place frees up. */
    public void release() {
      if (released.compareAndSet(false, true)) {
        ChatAdmission.this.release(owner);
      }
    }
  }

  /** What the other replicas and the answering instances last reported. */
  public interface Elsewhere {
    /** The chats of this key in flight on the other gateway replicas. */
    int othersInFlight(String owner);

    /** Every chat in flight on the other gateway replicas. */
    int othersInFlight();

    /** The answers all answering instances run at once at most; 0 when none reported. */
    int answerBudget();
  }

  /** A slot, or why not. */
  public sealed interface Decision {
    record Admitted(Slot slot) implements Decision {}

    record Refused(Refusal refusal) implements Decision {}
  }

  private final int perKey;
  private final Duration retryAfter;
  private final Elsewhere others;
  private final Runnable changed;
  private final Map<String, Integer> byKey = new HashMap<>();
  private int inFlight;

  /**
   * @param changed told after each change of the counts (the replica's report goes out)
   */
  public ChatAdmission(int perKey, Duration retryAfter, Elsewhere others, Runnable changed) {
    this.perKey = perKey;
    this.retryAfter = retryAfter;
    this.others = others;
    this.changed = changed;
  }

  /** A slot for one more chat of this key (its owner), or the refusal to send at once. */
  public Decision admit(String owner) {
    int elsewhere = others.othersInFlight(owner);
    int othersTotal = others.othersInFlight();
    int budget = others.answerBudget();
    synchronized (this) {
      if (byKey.getOrDefault(owner, 0) + elsewhere >= perKey) {
        return new Decision.Refused(
            new Refusal(
                429,
                "too_many_chats",
                "this API key has "
                    + perKey
                    + " answers in progress, its limit; wait for one to end or cancel one",
                null,
                retryAfter));
      }
      if (budget > 0 && inFlight + othersTotal >= budget) {
        return new Decision.Refused(
            new Refusal(
                503,
                "busy",
                "every answering instance is busy ("
                    + budget
                    + " answers at once); try again shortly",
                null,
                retryAfter));
      }
      byKey.merge(owner, 1, Integer::sum);
      inFlight++;
    }
    changed.run();
    return new Decision.Admitted(new Slot(owner));
  }

  /** This replica's chats in flight, as it reports them. */
  public synchronized StreamLoadReported report(String instance, Instant at) {
    return StreamLoadReported.newBuilder()
        .setInstance(instance)
        .setInFlight(inFlight)
        .setByKey(Map.copyOf(byKey))
        .setAt(at)
        .build();
  }

  /** Chats in flight here. */
  public synchronized int inFlight() {
    return inFlight;
  }

  private void release(String owner) {
    synchronized (this) {
      byKey.computeIfPresent(owner, (k, n) -> n <= 1 ? null : n - 1);
      inFlight--;
    }
    changed.run();
  }
}
