package io.streamrag.llm.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

/**
 * Keeps answered turns off the answering thread: a history write never delays {@code done}. A turn
 * that cannot be written (database down, queue full) is logged and counted, never retried into a
 * later answer's time.
 *
 * <p>A conversation's requests share a partition (chat.requests is keyed by conversation), so the
 * next turn usually comes to this replica; before reading memory it waits, briefly, for the writes
 * of its own conversation still under way here ({@link #settled}), so a quick follow-up still sees
 * the turn just answered.
 */
public final class TurnRecorder {

  private static final Logger log = LoggerFactory.getLogger(TurnRecorder.class);

  private final ConversationStore store;
  private final Executor writer;
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final Map<ConversationKey, Integer> pending = new HashMap<>();
  private final Map<ConversationKey, List<CompletableFuture<Void>>> waiting = new HashMap<>();
  private final TaskScheduler timers;

  /**
   * @param writer a bounded, Spring-managed executor
   * @param timers ends a wait for writes that take too long
   */
  public TurnRecorder(ConversationStore store, Executor writer, TaskScheduler timers) {
    this.store = store;
    this.writer = writer;
    this.timers = timers;
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
   * Completes once no write of this conversation is under way on this replica, or after {@code
   * timeout}, whichever comes first; no thread waits meanwhile.
   */
  public CompletableFuture<Void> settled(ConversationKey key, Duration timeout) {
    var settled = new CompletableFuture<Void>();
    synchronized (pending) {
      if (!pending.containsKey(key)) {
        return CompletableFuture.completedFuture(null);
      }
      waiting.computeIfAbsent(key, k -> new ArrayList<>()).add(settled);
    }
    var timer = timers.schedule(() -> settled.complete(null), Instant.now().plus(timeout));
    settled.whenComplete((done, error) -> timer.cancel(false));
    return settled;
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
        var waiters = waiting.remove(key);
        if (waiters != null) {
          waiters.forEach(w -> w.complete(null));
        }
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
