package io.streamrag.llm.memory;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps answered turns off the answering thread: a history write never delays {@code done}. A turn
 * that cannot be written (database down, queue full) is logged and counted, never retried into a
 * later answer's time.
 */
public final class TurnRecorder {

  private static final Logger log = LoggerFactory.getLogger(TurnRecorder.class);

  private final ConversationStore store;
  private final Executor writer;
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();

  /**
   * @param writer a bounded, Spring-managed executor
   */
  public TurnRecorder(ConversationStore store, Executor writer) {
    this.store = store;
    this.writer = writer;
  }

  /** Stores the turn in the background. */
  public void record(StoredTurn turn) {
    try {
      writer.execute(() -> write(turn));
    } catch (RejectedExecutionException e) {
      lost.incrementAndGet();
      log.warn("turn {} not remembered: the write queue is full", turn.turn().getRequestId());
    }
  }

  private void write(StoredTurn turn) {
    try {
      store.save(turn);
      written.incrementAndGet();
    } catch (ConversationStore.MemoryUnavailable e) {
      lost.incrementAndGet();
      log.warn("turn {} not remembered: {}", turn.turn().getRequestId(), e.getMessage());
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
