package io.streamrag.llm.intake;

import io.streamrag.schemas.chat.ChatRequested;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.support.Acknowledgment;

/**
 * How many answers this instance runs at once ({@code llm.max-concurrent-answers}), and which
 * offsets it may commit. Each chat request taken from the topic starts its answer at once, without
 * a thread of its own, while the budget has room; requests fetched beyond it wait here, unstarted,
 * and fetching pauses until answers end. An offset is committed only once the answer of its request
 * and of every request before it on its partition has ended (done, error or cancelled): an instance
 * that dies leaves its unanswered requests to the next owner of the partition. An instance that
 * stops ({@link #drain}) or gives partitions up ({@link #handOver}) finishes the answers it runs
 * first, so the next owner starts after them instead of answering them again.
 */
public final class AnswerBudget {

  private static final Logger log = LoggerFactory.getLogger(AnswerBudget.class);

  /** The fetching of chat requests, paused while the budget is full. */
  public interface Fetching {
    void pause();

    void resume();

    /** True once fetching has stopped: every request fetched before has been offered. */
    default boolean stopped() {
      return true;
    }
  }

  private final int max;
  private final BiFunction<ChatRequested, OptionalInt, CompletableFuture<Void>> answers;
  private final Fetching fetching;
  private final Map<TopicPartition, TreeMap<Long, Slot>> taken = new HashMap<>();
  private final ArrayDeque<Slot> waiting = new ArrayDeque<>();
  private final Map<TopicPartition, Long> acknowledged = new HashMap<>();
  private int running;
  private boolean paused;
  private boolean draining;

  /**
   * @param max how many answers may run at once
   * @param answers starts an answer; its future completes when the answer has ended
   */
  public AnswerBudget(
      int max,
      BiFunction<ChatRequested, OptionalInt, CompletableFuture<Void>> answers,
      Fetching fetching) {
    if (max < 1) {
      throw new IllegalArgumentException("llm.max-concurrent-answers must be at least 1");
    }
    this.max = max;
    this.answers = answers;
    this.fetching = fetching;
  }

  /**
   * A request taken from the topic: answered now if the budget has room, else when it has.
   *
   * @param ack commits the request's offset (and every earlier one of its partition)
   * @param answerPartition where the request asked its answer to go
   */
  public void offer(
      TopicPartition partition,
      long offset,
      Acknowledgment ack,
      ChatRequested request,
      OptionalInt answerPartition) {
    Slot slot = new Slot(partition, offset, ack, request, answerPartition);
    synchronized (this) {
      taken.computeIfAbsent(partition, p -> new TreeMap<>()).put(offset, slot);
      if (running >= max) {
        waiting.add(slot);
        pauseIfFull();
        return;
      }
      running++;
      pauseIfFull();
    }
    start(slot);
  }

  /** A request that needs no answer (e.g. unreadable, dead-lettered): its offset may pass. */
  public void skip(TopicPartition partition, long offset, Acknowledgment ack) {
    Slot slot = new Slot(partition, offset, ack, null, OptionalInt.empty());
    synchronized (this) {
      taken.computeIfAbsent(partition, p -> new TreeMap<>()).put(offset, slot);
    }
    ended(slot);
  }

  /**
   * The partitions went to another instance: their unstarted requests are left to it, and nothing
   * more is committed for them here (a late commit could move the new owner's offset back).
   */
  public void revoked(Collection<TopicPartition> partitions) {
    synchronized (this) {
      waiting.removeIf(s -> partitions.contains(s.partition));
      partitions.forEach(taken::remove);
      partitions.forEach(acknowledged::remove);
      resumeIfRoom();
    }
  }

  /**
   * The partitions go to another instance: their unstarted requests are left to it at once; the
   * future completes once the answers running for them have ended and acknowledged their offsets,
   * so that the caller can commit them before the new owner reads on. Then call {@link #revoked}.
   */
  public CompletableFuture<Void> handOver(Collection<TopicPartition> partitions) {
    List<CompletableFuture<Void>> running;
    synchronized (this) {
      var left = waiting.stream().filter(s -> partitions.contains(s.partition)).toList();
      waiting.removeAll(left);
      left.forEach(s -> taken.get(s.partition).remove(s.offset));
      running =
          partitions.stream()
              .map(taken::get)
              .filter(Objects::nonNull)
              .flatMap(slots -> slots.values().stream())
              .filter(s -> !s.ended)
              .map(s -> s.over)
              .toList();
      resumeIfRoom();
    }
    return CompletableFuture.allOf(running.toArray(CompletableFuture[]::new));
  }

  /**
   * This instance is stopping: fetching pauses for good (an answer that ends no longer resumes it),
   * and what was fetched is still answered. Done once {@link #drained()}.
   */
  public void drain() {
    synchronized (this) {
      draining = true;
      if (!paused) {
        paused = true;
        fetching.pause();
      }
    }
  }

  /** After {@link #drain}: fetching has stopped and every request taken has been answered. */
  public boolean drained() {
    synchronized (this) {
      if (!draining || running > 0 || !waiting.isEmpty()) {
        return false;
      }
    }
    return fetching.stopped();
  }

  /** The next offset to read of each of these partitions, as far as it was acknowledged here. */
  public synchronized Map<TopicPartition, Long> acknowledged(Collection<TopicPartition> of) {
    var out = new HashMap<TopicPartition, Long>();
    of.forEach(
        partition -> {
          Long next = acknowledged.get(partition);
          if (next != null) {
            out.put(partition, next);
          }
        });
    return out;
  }

  /** Answers running now. */
  public synchronized int running() {
    return running;
  }

  /** Requests taken from the topic and waiting for room. */
  public synchronized int waiting() {
    return waiting.size();
  }

  public int max() {
    return max;
  }

  /** True while fetching is paused because the budget is full. */
  public synchronized boolean paused() {
    return paused;
  }

  /**
   * Starts the slot's answer, and, as answers end, the waiting ones: in a loop, not by recursion,
   * since a request too old to answer ends at once and a backlog may hold thousands.
   */
  private void start(Slot first) {
    Slot slot = first;
    while (slot != null) {
      CompletableFuture<Void> answer;
      try {
        answer = answers.apply(slot.request, slot.answerPartition);
      } catch (RuntimeException e) {
        answer = CompletableFuture.failedFuture(e);
      }
      if (answer.isDone()) {
        slot = finished(slot, answer.handle((done, error) -> error).join());
      } else {
        Slot started = slot;
        answer.whenComplete(
            (done, error) -> {
              Slot next = finished(started, error);
              if (next != null) {
                start(next);
              }
            });
        slot = null;
      }
    }
  }

  /** An answer ended: its slot may commit, and the next waiting request (returned) may start. */
  private Slot finished(Slot slot, Throwable error) {
    if (error != null) {
      log.error(
          "answer {} failed without an error event; its offset passes",
          slot.request.getRequestId(),
          error);
    }
    Slot next;
    synchronized (this) {
      running--;
      next = waiting.poll();
      if (next != null) {
        running++;
      }
      resumeIfRoom();
    }
    ended(slot);
    return next;
  }

  /** Marks the slot ended and commits its partition up to the first request still unanswered. */
  private void ended(Slot slot) {
    Acknowledgment last = null;
    synchronized (this) {
      slot.ended = true;
      var slots = taken.get(slot.partition);
      if (slots != null && slots.get(slot.offset) == slot) { // else revoked meanwhile
        while (!slots.isEmpty() && slots.firstEntry().getValue().ended) {
          var first = slots.pollFirstEntry().getValue();
          last = first.ack;
          acknowledged.put(first.partition, first.offset + 1);
        }
      }
    }
    if (last != null) {
      last.acknowledge();
    }
    slot.over.complete(null); // after the acknowledgement: a hand-over waiting for it commits it
  }

  private void pauseIfFull() {
    if (!paused && running + waiting.size() >= max) {
      paused = true;
      fetching.pause();
    }
  }

  private void resumeIfRoom() {
    if (paused && !draining && running + waiting.size() < max) {
      paused = false;
      fetching.resume();
    }
  }
}
