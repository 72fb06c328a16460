package io.streamrag.llm.stream;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.ChatTopics;
import java.time.Clock;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

/**
 * Opens the stream of each answer: its writer, and the scheduler that sends a held group of tokens
 * when no later event comes to send it (a Spring-managed {@link TaskScheduler}); and names each
 * attempt at an answer, its generation: this instance's id and the attempt's start, so the attempt
 * of another instance (after this one died) or a later one of this instance is never taken for it.
 */
public final class AnswerStreams {

  private static final Logger log = LoggerFactory.getLogger(AnswerStreams.class);

  private final TopicWriter writer;
  private final TokenBatching batching;
  private final TaskScheduler scheduler;
  private final Clock clock;
  private final String instance;
  private final AtomicLong lastStart = new AtomicLong();

  /**
   * @param instance this instance's id among the service's instances
   */
  public AnswerStreams(
      TopicWriter writer,
      TokenBatching batching,
      TaskScheduler scheduler,
      Clock clock,
      String instance) {
    this.writer = writer;
    this.batching = batching;
    this.scheduler = scheduler;
    this.clock = clock;
    this.instance = instance;
  }

  /**
   * A new attempt's generation, {@code <instance>@<start in epoch ms>}; the start is unique on this
   * instance (two attempts in one millisecond take the next), so no two attempts share one.
   */
  public String newGeneration() {
    long now = clock.millis();
    long start = lastStart.updateAndGet(last -> Math.max(last + 1, now));
    return instance + "@" + start;
  }

  /**
   * The stream of one answer, whose records carry the answer's trace ({@code scope}).
   *
   * @param partition the partition of the answers topic the request named: its events go there
   *     (where the gateway holding its caller's stream reads); empty, or not a partition of the
   *     topic, where the request id hashes
   */
  public AnswerStream open(
      String requestId, OptionalInt partition, String generation, AnswerScope scope) {
    return new AnswerStream(
        writer,
        clock,
        requestId,
        generation,
        valid(requestId, partition),
        batching,
        scheduler,
        scope);
  }

  /** The stream of a new attempt at an answer, where its request id hashes. */
  public AnswerStream open(String requestId, AnswerScope scope) {
    return open(requestId, OptionalInt.empty(), newGeneration(), scope);
  }

  /**
   * The named partition, if the topic has it: a send to a partition the producer does not know
   * waits for it until {@code max.block.ms}, and the answer with it.
   */
  private Integer valid(String requestId, OptionalInt partition) {
    if (partition.isEmpty()) {
      return null;
    }
    int count = writer.partitions(ChatTopics.CHAT_ANSWERS);
    if (partition.getAsInt() < count) {
      return partition.getAsInt();
    }
    log.warn(
        "request {} named answer partition {} of {}: answered where its id hashes",
        requestId,
        partition.getAsInt(),
        count);
    return null;
  }
}
