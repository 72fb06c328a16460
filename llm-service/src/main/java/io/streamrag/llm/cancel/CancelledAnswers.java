package io.streamrag.llm.cancel;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Clock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chat handler's body: each answer runs with its cancellation ({@link Cancellations}); one
 * whose caller left stops where it is and its stream ends with an {@code error} event {@code
 * cancelled}, so whoever replays the stream sees why it ended.
 */
public final class CancelledAnswers implements Consumer<ChatRequested> {

  private static final Logger log = LoggerFactory.getLogger(CancelledAnswers.class);

  /**
   * The cancel event's seq: after every event of the answer whatever its count; the gateway's own
   * "stage stopped" event is the one after it.
   */
  static final int SEQ = Integer.MAX_VALUE - 1;

  private final Cancellations cancellations;
  private final Consumer<ChatRequested> answers;
  private final TopicWriter writer;
  private final Clock clock;

  public CancelledAnswers(
      Cancellations cancellations,
      Consumer<ChatRequested> answers,
      TopicWriter writer,
      Clock clock) {
    this.cancellations = cancellations;
    this.answers = answers;
    this.writer = writer;
    this.clock = clock;
  }

  @Override
  public void accept(ChatRequested request) {
    try {
      cancellations.during(request.getRequestId(), () -> answers.accept(request));
    } catch (Cancellation.Cancelled e) {
      log.info("answer {} stopped: its caller left", request.getRequestId());
      // same key, same producer: it follows every event the answer sent before
      writer
          .batch()
          .send(
              Topics.CHAT_ANSWERS,
              request.getRequestId(),
              AnswerEvent.newBuilder()
                  .setRequestId(request.getRequestId())
                  .setSeq(SEQ)
                  .setType(AnswerEventType.ERROR)
                  .setEmittedAt(clock.instant())
                  .setError(new AnswerError("cancelled", "the caller left; the answer was stopped"))
                  .build())
          .await();
    }
  }
}
