package io.streamrag.llm.cancel;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.llm.stream.AnswerStreams;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Clock;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each answer runs with its cancellation ({@link Cancellations}) and its generation (this attempt's
 * name, {@link AnswerStreams#newGeneration}); one whose caller left stops where it is and its
 * stream ends with an {@code error} event {@code cancelled} of the same generation, so whoever
 * replays the stream sees why it ended.
 */
public final class CancelledAnswers {

  private static final Logger log = LoggerFactory.getLogger(CancelledAnswers.class);

  /**
   * The cancel event's seq: after every event of the answer whatever its count; the gateway's own
   * "stage stopped" event is the one after it.
   */
  static final int SEQ = Integer.MAX_VALUE - 1;

  /** An answer, started with its cancellation and trace context. */
  @FunctionalInterface
  public interface Answers {
    CompletableFuture<Void> answer(
        ChatRequested request,
        OptionalInt answerPartition,
        String generation,
        Cancellation cancel,
        AnswerScope scope);
  }

  private final Cancellations cancellations;
  private final Answers answers;
  private final TopicWriter writer;
  private final Clock clock;
  private final Supplier<String> generations;

  /**
   * @param generations names each attempt at an answer
   */
  public CancelledAnswers(
      Cancellations cancellations,
      Answers answers,
      TopicWriter writer,
      Clock clock,
      Supplier<String> generations) {
    this.cancellations = cancellations;
    this.answers = answers;
    this.writer = writer;
    this.clock = clock;
    this.generations = generations;
  }

  /**
   * Starts the request's answer in the current thread's trace context; the future completes when
   * the answer has ended, with its {@code cancelled} event if its caller left.
   */
  public CompletableFuture<Void> answer(ChatRequested request, OptionalInt answerPartition) {
    var scope = AnswerScope.capture();
    String generation = generations.get();
    return cancellations
        .during(
            request.getRequestId(),
            cancel -> answers.answer(request, answerPartition, generation, cancel, scope))
        .exceptionallyCompose(
            error -> {
              if (!(Futures.cause(error) instanceof Cancellation.Cancelled)) {
                return CompletableFuture.failedFuture(Futures.cause(error));
              }
              log.info("answer {} stopped: its caller left", request.getRequestId());
              // same key, same producer: it follows every event the answer sent before
              return scope.call(
                  () ->
                      writer
                          .batch()
                          .send(
                              ChatTopics.CHAT_ANSWERS,
                              answerPartition.isPresent() ? answerPartition.getAsInt() : null,
                              request.getRequestId(),
                              AnswerEvent.newBuilder()
                                  .setRequestId(request.getRequestId())
                                  .setGeneration(generation)
                                  .setSeq(SEQ)
                                  .setType(AnswerEventType.ERROR)
                                  .setEmittedAt(clock.instant())
                                  .setError(
                                      new AnswerError(
                                          "cancelled", "the caller left; the answer was stopped"))
                                  .build(),
                              false)
                          .acked());
            });
  }
}
