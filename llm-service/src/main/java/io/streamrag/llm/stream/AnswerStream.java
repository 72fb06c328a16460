package io.streamrag.llm.stream;

import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import io.streamrag.schemas.chat.TraceStep;
import java.time.Clock;

/**
 * The events of one answer, in order, on the answers topic: keyed by request id (so they share a
 * partition and keep their order) and numbered by {@code seq}. Tokens are sent as they come,
 * without waiting; the final event waits until the broker has every event of the answer.
 */
public final class AnswerStream {

  private final TopicWriter.Batch out;
  private final Clock clock;
  private final String requestId;
  private int seq;

  public AnswerStream(TopicWriter writer, Clock clock, String requestId) {
    this.out = writer.batch();
    this.clock = clock;
    this.requestId = requestId;
  }

  public void meta(AnswerMeta meta) {
    send(event(AnswerEventType.META).setMeta(meta));
  }

  public void token(String text) {
    send(event(AnswerEventType.TOKEN).setText(text));
  }

  /** One step of the retrieval path (S3.6). */
  public void trace(TraceStep step) {
    send(event(AnswerEventType.TRACE).setTrace(step));
  }

  /** The parts of the question left without evidence (S3.5). */
  public void needsHuman(NeedsHuman needs) {
    send(event(AnswerEventType.NEEDS_HUMAN).setNeedsHuman(needs));
  }

  public void citation(Citation citation) {
    send(event(AnswerEventType.CITATION).setCitation(citation));
  }

  /** The last event of an answer that completed: who answered and the tokens used. */
  public void done(AnswerDone done) {
    send(event(AnswerEventType.DONE).setDone(done));
    out.await();
  }

  public void error(String code, String message) {
    send(event(AnswerEventType.ERROR).setError(new AnswerError(code, message)));
    out.await();
  }

  private AnswerEvent.Builder event(AnswerEventType type) {
    return AnswerEvent.newBuilder()
        .setRequestId(requestId)
        .setSeq(seq++)
        .setType(type)
        .setEmittedAt(clock.instant());
  }

  private void send(AnswerEvent.Builder event) {
    out.send(Topics.CHAT_ANSWERS, requestId, event.build());
  }
}
