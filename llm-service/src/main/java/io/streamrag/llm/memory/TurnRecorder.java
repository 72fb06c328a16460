package io.streamrag.llm.memory;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps answered turns off the answering thread: a history write never delays {@code done}. A turn
 * that cannot be written (database down, queue full) is logged and counted, never retried into a
 * later answer's time.
 *
 * <p>A conversation's requests share a partition (chat.requests is keyed by conversation), so the
 * next turn usually comes to this replica; before reading memory it waits, briefly, for the writes
 * of its own conversation still under way here ({@link #settle}), so a quick follow-up still sees
 * the turn just answered.
 */
public final class TurnRecorder {

  private static final Logger log = LoggerFactory.getLogger(TurnRecorder.class);

  private final ConversationStore store;
  private final Executor writer;
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final Map<ConversationKey, Integer> pending = new HashMap<>();

  /**
   * @param writer a bounded, Spring-managed executor
   */
  public TurnRecorder(ConversationStore store, Executor writer) {
    this.store = store;
    this.writer = writer;
  }

  /** Stores the turn in the background. */
  public void record(StoredTurn turn) {
    record(turn, null, true);
  }

  /**
   * Stores an answer's trace, and its turn when {@code remember} (memory is not off), in the
   * background.
   */
  public void record(StoredTurn turn, StoredTrace trace, boolean remember) {
    change(turn.key(), +1);
    try {
      writer.execute(
          () -> {
            try {
              if (trace != null) {
                saveTrace(trace);
              }
            } finally {
              if (remember) {
                write(turn);
              } else {
                change(turn.key(), -1);
              }
            }
          });
    } catch (RejectedExecutionException e) {
      change(turn.key(), -1);
      lost.incrementAndGet();
      log.warn("turn {} not remembered: the write queue is full", turn.turn().getRequestId());
    }
  }

  private void saveTrace(StoredTrace trace) {
    try {
      store.saveTrace(trace);
    } catch (ConversationStore.MemoryUnavailable e) {
      log.warn("trace of {} not kept: {}", trace.requestId(), e.getMessage());
    }
  }

  /**
   * Waits until no write of this conversation is under way on this replica, at most {@code
   * timeout}.
   */
  public void settle(ConversationKey key, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (pending) {
      while (pending.containsKey(key)) {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
          return;
        }
        try {
          pending.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void write(StoredTurn turn) {
    try {
      store.save(turn);
      written.incrementAndGet();
    } catch (ConversationStore.MemoryUnavailable e) {
      lost.incrementAndGet();
      log.warn("turn {} not remembered: {}", turn.turn().getRequestId(), e.getMessage());
    } finally {
      change(turn.key(), -1);
    }
  }

  private void change(ConversationKey key, int by) {
    synchronized (pending) {
      int now = pending.getOrDefault(key, 0) + by;
      if (now <= 0) {
        pending.remove(key);
        pending.notifyAll();
      } else {
        pending.put(key, now);
      }
    }
  }

  /** Turns stored so far. */
  public long written() {
    return written.get();
  }

  /** Turns that could not be stored. */
  public long lost() {
    return lost.get();
  }
}
