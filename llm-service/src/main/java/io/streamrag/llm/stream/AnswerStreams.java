package io.streamrag.llm.stream;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.scope.AnswerScope;
import java.time.Clock;
import org.springframework.scheduling.TaskScheduler;

/**
 * Opens the stream of each answer: its writer, and the scheduler that sends a held group of tokens
 * when no later event comes to send it (a Spring-managed {@link TaskScheduler}).
 */
public final class AnswerStreams {

  private final TopicWriter writer;
  private final TokenBatching batching;
  private final TaskScheduler scheduler;
  private final Clock clock;

  public AnswerStreams(
      TopicWriter writer, TokenBatching batching, TaskScheduler scheduler, Clock clock) {
    this.writer = writer;
    this.batching = batching;
    this.scheduler = scheduler;
    this.clock = clock;
  }

  /** The stream of one answer, whose records carry the answer's trace ({@code scope}). */
  public AnswerStream open(String requestId, AnswerScope scope) {
    return new AnswerStream(writer, clock, requestId, batching, scheduler, scope);
  }
}
