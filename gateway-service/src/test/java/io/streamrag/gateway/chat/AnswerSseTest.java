package io.streamrag.gateway.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.codec.ServerSentEvent;

class AnswerSseTest {

  private static final String ID = "9f1c";

  @Test
  void eachStepOfAGroupedTraceIsAnEventWithAnIdOfItsOwn() {
    var events = AnswerSse.of(ID, "c", trace(4, 3), -1);

    assertThat(events).extracting(ServerSentEvent::event).containsOnly("trace");
    assertThat(events)
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:4", "9f1c:5", "9f1c:6");
    assertThat(AnswerSse.last(trace(4, 3))).isEqualTo(6);
  }

  @Test
  void aClientThatDroppedInsideAGroupedTraceGetsOnlyTheStepsAfterItsLastOne() {
    assertThat(AnswerSse.of(ID, "c", trace(4, 3), 4))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:5", "9f1c:6");
    assertThat(AnswerSse.of(ID, "c", trace(4, 3), 6)).isEmpty();
  }

  @Test
  void anyOtherRecordIsOneEventNumberedByItsSeq() {
    var token =
        AnswerEvent.newBuilder()
            .setRequestId(ID)
            .setSeq(7)
            .setType(AnswerEventType.TOKEN)
            .setText("سلام")
            .setEmittedAt(Instant.EPOCH)
            .build();

    assertThat(AnswerSse.of(ID, "c", token, 6))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:7");
    assertThat(AnswerSse.of(ID, "c", token, 7)).isEmpty();
    assertThat(AnswerSse.last(token)).isEqualTo(7);
  }

  private static AnswerEvent trace(int seq, int steps) {
    List<TraceStep> all =
        IntStream.rangeClosed(1, steps)
            .mapToObj(
                i ->
                    TraceStep.newBuilder()
                        .setStep(i)
                        .setKind("search")
                        .setDetail("step " + i)
                        .build())
            .toList();
    return TraceSteps.set(AnswerEvent.newBuilder(), all)
        .setRequestId(ID)
        .setSeq(seq)
        .setEmittedAt(Instant.EPOCH)
        .build();
  }
}
