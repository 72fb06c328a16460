package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ConversationStore} must do. Each adapter's test extends this class. */
abstract class ConversationStoreContract {

  protected abstract ConversationStore store();

  final ConversationKey key = new ConversationKey(UUID.randomUUID().toString(), "farmer", "s-1");
  final Instant t0 = Instant.parse("2026-11-30T10:00:00Z");

  @Test
  void turnsComeBackOldestFirstAndRecentKeepsTheNewest() {
    for (int i = 1; i <= 4; i++) {
      store().save(stored(key, "r" + i + key.conversationId(), "q" + i, t0.plusSeconds(i)));
    }

    assertThat(store().all(key))
        .extracting(t -> t.getQuestion())
        .containsExactly("q1", "q2", "q3", "q4");
    assertThat(store().recent(key, 2)).extracting(t -> t.getQuestion()).containsExactly("q3", "q4");
  }

  @Test
  void everyFieldOfATurnSurvivesTheStoreIncludingPersianText() {
    var turn =
        Turns.turn(
            "r-" + key.conversationId(),
            "رطوبت خاک من چقدر است؟",
            "رطوبت ۱۲٫۵ درصد است؛ می‌شود",
            t0);

    store().save(new StoredTurn(key, "croplogic", turn));

    assertThat(store().all(key)).containsExactly(turn);
  }

  @Test
  void savingTheSameRequestTwiceKeepsOneTurn() {
    var stored = stored(key, "dup-" + key.conversationId(), "q", t0);

    store().save(stored);
    store().save(stored);

    assertThat(store().all(key)).hasSize(1);
  }

  @Test
  void anotherOwnerOfTheSameConversationIdSeesNothing() {
    store().save(stored(key, "own-" + key.conversationId(), "q", t0));

    var otherUser = new ConversationKey(key.conversationId(), "intruder", key.sensorUuid());
    var otherSensor = new ConversationKey(key.conversationId(), key.userId(), "s-2");

    assertThat(store().all(otherUser)).isEmpty();
    assertThat(store().recent(otherSensor, 10)).isEmpty();
    assertThat(store().erase(otherUser)).isZero();
    assertThat(store().all(key)).hasSize(1);
  }

  @Test
  void erasingForgetsEveryTurnAndATurnAskedBeforeTheErasureArrivingLateIsNotKept() {
    store().save(stored(key, "e1-" + key.conversationId(), "q1", t0));
    store().save(stored(key, "e2-" + key.conversationId(), "q2", t0.plusSeconds(1)));

    assertThat(store().erase(key)).isEqualTo(2);
    store().save(stored(key, "late-" + key.conversationId(), "late", t0.plusSeconds(2)));

    assertThat(store().all(key)).isEmpty();
  }

  @Test
  void aTurnAskedAfterTheErasureIsKept() {
    store().erase(key);

    store().save(stored(key, "next-" + key.conversationId(), "next", Instant.now().plusSeconds(1)));

    assertThat(store().all(key)).extracting(t -> t.getQuestion()).containsExactly("next");
  }

  static StoredTurn stored(ConversationKey key, String requestId, String question, Instant at) {
    return new StoredTurn(key, "croplogic", Turns.turn(requestId, question, "a " + question, at));
  }

  @Test
  void aNulCharacterInATurnOrItsTraceIsKeptAsTheReplacementCharacter() {
    // given a question and an answer holding NUL, which a client or a model may send
    var turn = Turns.turn("nul-" + key.conversationId(), "hi\u0000there", "ok \u0000", t0);
    var step =
        io.streamrag.schemas.chat.TraceStep.newBuilder()
            .setStep(1)
            .setKind("search")
            .setDetail("hi\u0000there, and a backslash: \\u0000")
            .build();

    store().save(new StoredTurn(key, "croplogic", turn));
    store()
        .saveTrace(
            new StoredTrace(key, turn.getRequestId(), "classic", List.of(step), List.of(), t0));

    assertThat(store().all(key))
        .singleElement()
        .satisfies(t -> assertThat(t.getQuestion()).isEqualTo("hi\uFFFDthere"))
        .satisfies(t -> assertThat(t.getAnswer()).isEqualTo("ok \uFFFD"));
    assertThat(store().trace(turn.getRequestId(), key.userId()))
        .hasValueSatisfying(
            steps ->
                assertThat(steps.get(0).getDetail())
                    .isEqualTo("hi\uFFFDthere, and a backslash: \\u0000"));
  }
}
