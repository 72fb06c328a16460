package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * What a client reads of a request whose answer restarted: one generation's text, never two
 * spliced, each token once, whatever order the generations' events arrive in.
 */
class GenerationsTest {

  private static final String A = "llm-a-1@1000";
  private static final String B = "llm-b-2@9000";
  private static final String C = "llm-a-7@12000";

  @Test
  void oneGenerationPassesWholeAndInOrder() {
    var read = follow(meta(A, 0), token(A, 1, "a1 "), token(A, 2, "a2"), done(A, 3));

    assertThat(shown(read)).isEqualTo("a1 a2");
    assertThat(read).noneMatch(Relayed.Reset.class::isInstance);
    assertThat(read).last().matches(Relayed::ends);
  }

  @Test
  void anEventReadTwiceWithinItsGenerationIsPassedOnOnce() {
    var read =
        follow(meta(A, 0), token(A, 1, "a1 "), token(A, 1, "a1 "), token(A, 2, "a2"), done(A, 3));

    assertThat(shown(read)).isEqualTo("a1 a2");
  }

  @Test
  void aNewGenerationAfterTextIsAResetThenTheNewAnswerFromItsStart() {
    // Given the first instance died after two tokens, and another answers the request again
    var read =
        follow(
            meta(A, 0),
            token(A, 1, "a1 "),
            token(A, 2, "a2 "),
            meta(B, 0),
            token(B, 1, "b1 "),
            token(B, 2, "b2"),
            done(B, 3));

    // Then the client is told to forget the first, and gets all of the second
    assertThat(read.get(3)).isEqualTo(new Relayed.Reset(1, true));
    assertThat(shownAfterLastReset(read)).isEqualTo("b1 b2");
    assertThat(read.subList(4, read.size()))
        .allSatisfy(r -> assertThat(((Relayed.Event) r).generation()).isEqualTo(1));
  }

  @Test
  void aNewGenerationAfterOnlyTheMetaSaysNothingWasShown() {
    var read = follow(meta(A, 0), meta(B, 0), token(B, 1, "b1"), done(B, 2));

    assertThat(read.get(1)).isEqualTo(new Relayed.Reset(1, false));
    assertThat(shown(read)).isEqualTo("b1");
  }

  @Test
  void aGenerationFirstSeenAtAnotherStreamsStartNeedsNoReset() {
    var read = follow(meta(B, 0), token(B, 1, "b1"), done(B, 2));

    assertThat(read).noneMatch(Relayed.Reset.class::isInstance);
  }

  @Test
  void eventsOfASupersededGenerationAreDroppedWhateverOrderTheyArriveIn() {
    // Given an instance that lost its partition but not its life, still writing after the new
    // generation began, even its done
    var read =
        follow(
            meta(A, 0),
            token(A, 1, "a1 "),
            meta(B, 0),
            token(A, 2, "a2 "),
            token(B, 1, "b1 "),
            done(A, 3),
            token(B, 2, "b2"),
            token(A, 1, "a1 "),
            done(B, 3));

    assertThat(shownAfterLastReset(read)).isEqualTo("b1 b2");
    assertThat(read.stream().filter(Relayed::ends)).hasSize(1);
    assertThat(((Relayed.Event) read.get(read.size() - 1)).event().getGeneration()).isEqualTo(B);
  }

  @Test
  void aThirdGenerationReplacesTheSecondAndNeitherEarlierOneComesBack() {
    var read =
        follow(
            token(A, 0, "a0 "),
            token(B, 0, "b0 "),
            token(C, 0, "c0 "),
            token(B, 1, "b1 "),
            token(A, 1, "a1 "),
            token(C, 1, "c1"),
            done(C, 2));

    assertThat(read.stream().filter(Relayed.Reset.class::isInstance))
        .containsExactly(new Relayed.Reset(1, true), new Relayed.Reset(2, true));
    assertThat(shownAfterLastReset(read)).isEqualTo("c0 c1");
  }

  @Test
  void eventsOfAnAnswerWrittenBeforeGenerationsExistedAreOneGeneration() {
    var read = follow(meta(null, 0), token(null, 1, "x1 "), token(null, 2, "x2"), done(null, 3));

    assertThat(shown(read)).isEqualTo("x1 x2");
  }

  @Test
  void aResumedClientGetsTheRestOfTheGenerationItFollows() {
    // Given a client that has generation 1 up to its event 1, resuming
    var events =
        Flux.just(
            meta(A, 0),
            token(A, 1, "a1 "),
            meta(B, 0),
            token(B, 1, "b1 "),
            token(B, 2, "b2"),
            done(B, 3));

    var read = Generations.follow(events, 1, 1).collectList().block();

    // Then nothing of the generation it left is sent, no reset, and the rest of its own
    assertThat(read).noneMatch(Relayed.Reset.class::isInstance);
    assertThat(fresh(read)).isEqualTo("b2");
  }

  @Test
  void aResumedClientWhoseAnswerRestartedMeanwhileIsToldToForgetIt() {
    // Given a client that has generation 0 up to its first token, and the answer restarted while
    // it was away
    var events =
        Flux.just(
            meta(A, 0), token(A, 1, "a1 "), token(A, 2, "a2 "), meta(B, 0), token(B, 1, "b1"));

    var read = Generations.follow(events, 0, 1).collectList().block();

    assertThat(read).contains(new Relayed.Reset(1, true));
    assertThat(fresh(read.subList(read.indexOf(new Relayed.Reset(1, true)), read.size())))
        .isEqualTo("b1");
  }

  private static List<Relayed> follow(AnswerEvent... events) {
    return Generations.follow(Flux.fromIterable(Arrays.asList(events))).collectList().block();
  }

  /** The text a client shows: every token, cleared by a reset that says something was shown. */
  private static String shown(List<Relayed> read) {
    var text = new StringBuilder();
    for (var r : read) {
      if (r instanceof Relayed.Reset reset && reset.shown()) {
        text.setLength(0);
      } else if (r instanceof Relayed.Event e && e.event().getType() == AnswerEventType.TOKEN) {
        text.append(e.event().getText());
      }
    }
    return text.toString();
  }

  private static String shownAfterLastReset(List<Relayed> read) {
    assertThat(read).anyMatch(r -> r instanceof Relayed.Reset reset && reset.shown());
    return shown(read);
  }

  /** The tokens a resumed client is sent: those past what it has. */
  private static String fresh(List<Relayed> read) {
    var text = new StringBuilder();
    for (var r : read) {
      if (r instanceof Relayed.Event e
          && e.event().getType() == AnswerEventType.TOKEN
          && e.event().getSeq() > e.after()) {
        text.append(e.event().getText());
      }
    }
    return text.toString();
  }

  private static AnswerEvent.Builder event(String generation, int seq, AnswerEventType type) {
    return AnswerEvent.newBuilder()
        .setRequestId("r")
        .setGeneration(generation)
        .setSeq(seq)
        .setType(type)
        .setEmittedAt(Instant.EPOCH);
  }

  private static AnswerEvent meta(String generation, int seq) {
    return event(generation, seq, AnswerEventType.META)
        .setMeta(new AnswerMeta("kb", "primary", "m", false, "new", 0, null))
        .build();
  }

  private static AnswerEvent token(String generation, int seq, String text) {
    return event(generation, seq, AnswerEventType.TOKEN).setText(text).build();
  }

  private static AnswerEvent done(String generation, int seq) {
    return event(generation, seq, AnswerEventType.DONE)
        .setDone(AnswerDone.newBuilder().setProvider("p").setModel("m").build())
        .build();
  }
}
