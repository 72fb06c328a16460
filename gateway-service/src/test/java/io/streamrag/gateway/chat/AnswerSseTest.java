package io.streamrag.gateway.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.gateway.relay.Relayed;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.Citation;
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
    var events = AnswerSse.of(ID, "c", trace(4, 3), 0, -1);

    assertThat(events).extracting(ServerSentEvent::event).containsOnly("trace");
    assertThat(events)
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:4", "9f1c:5", "9f1c:6");
  }

  @Test
  void aClientThatDroppedInsideAGroupedTraceGetsOnlyTheStepsAfterItsLastOne() {
    assertThat(AnswerSse.of(ID, "c", trace(4, 3), 0, 4))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:5", "9f1c:6");
    assertThat(AnswerSse.of(ID, "c", trace(4, 3), 0, 6)).isEmpty();
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

    assertThat(AnswerSse.of(ID, "c", token, 0, 6))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:7");
    assertThat(AnswerSse.of(ID, "c", token, 0, 7)).isEmpty();
  }

  @Test
  void theCitationsThatTravelWithTheDoneAreEventsOfTheirOwnBeforeIt() {
    var done =
        event(9, AnswerEventType.DONE)
            .setDone(AnswerDone.newBuilder().setProvider("p").setModel("m").build())
            .setPreceding(
                List.of(
                    event(7, AnswerEventType.CITATION)
                        .setCitation(new Citation(1, "kb/a.md", "kb", 0.5))
                        .build(),
                    event(8, AnswerEventType.CITATION)
                        .setCitation(new Citation(2, "kb/b.md", "kb", 0.3))
                        .build()))
            .build();

    var events = AnswerSse.of(ID, "c", done, 0, 6);
    assertThat(events)
        .extracting(ServerSentEvent::event)
        .containsExactly("citation", "citation", "done");
    assertThat(events)
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:7", "9f1c:8", "9f1c:9");
    // a client that dropped after the first citation gets the second one and the done
    assertThat(AnswerSse.of(ID, "c", done, 0, 7))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:8", "9f1c:9");
  }

  @Test
  void theEventsOfARestartedAnswerAreNumberedInTheirGenerationAndTheResetSaysItHasNoneYet() {
    var token = event(0, AnswerEventType.TOKEN).setText("again").build();

    assertThat(AnswerSse.of(ID, "c", token, 2, -1))
        .extracting(ServerSentEvent::id)
        .containsExactly("9f1c:2.0");
    var reset = AnswerSse.of(ID, "c", new Relayed.Reset(2, true));
    assertThat(reset).extracting(ServerSentEvent::event).containsExactly("reset");
    assertThat(reset).extracting(ServerSentEvent::id).containsExactly("9f1c:2.-1");
    // a client shown nothing but the meta of the first generation is not told
    assertThat(AnswerSse.of(ID, "c", new Relayed.Reset(1, false))).isEmpty();
  }

  private static AnswerEvent.Builder event(int seq, AnswerEventType type) {
    return AnswerEvent.newBuilder()
        .setRequestId(ID)
        .setSeq(seq)
        .setType(type)
        .setEmittedAt(Instant.EPOCH);
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
