package io.streamrag.llm.stream;

import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.Citation;
import java.time.Clock;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.support.MessageBuilder;

/**
 * The events of one answer, in order, on the answers topic: keyed by request id (so they share a
 * partition and keep their order) and numbered by {@code seq}.
 */
public final class AnswerStream {

  static final String BINDING = "answers-out-0";

  private final StreamBridge bridge;
  private final Clock clock;
  private final String requestId;
  private int seq;

  public AnswerStream(StreamBridge bridge, Clock clock, String requestId) {
    this.bridge = bridge;
    this.clock = clock;
    this.requestId = requestId;
  }

  public void meta(AnswerMeta meta) {
    send(event(AnswerEventType.META).setMeta(meta));
  }

  public void token(String text) {
    send(event(AnswerEventType.TOKEN).setText(text));
  }

  public void citation(Citation citation) {
    send(event(AnswerEventType.CITATION).setCitation(citation));
  }

  public void done() {
    send(event(AnswerEventType.DONE));
  }

  public void error(String code, String message) {
    send(event(AnswerEventType.ERROR).setError(new AnswerError(code, message)));
  }

  private AnswerEvent.Builder event(AnswerEventType type) {
    return AnswerEvent.newBuilder()
        .setRequestId(requestId)
        .setSeq(seq++)
        .setType(type)
        .setEmittedAt(clock.instant());
  }

  private void send(AnswerEvent.Builder event) {
    var message =
        MessageBuilder.withPayload(event.build()).setHeader(KafkaHeaders.KEY, requestId).build();
    if (!bridge.send(BINDING, message)) {
      throw new IllegalStateException(
          "Kafka did not take answer event " + (seq - 1) + " of " + requestId);
    }
  }
}
