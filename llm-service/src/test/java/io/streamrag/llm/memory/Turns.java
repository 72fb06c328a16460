package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Instant;
import java.util.List;

/** Remembered turns for tests. */
public final class Turns {

  private Turns() {}

  /** A turn asked and answered at {@code at}. */
  public static RememberedTurn turn(String requestId, String question, String answer, Instant at) {
    return RememberedTurn.newBuilder()
        .setRequestId(requestId)
        .setQuestion(question)
        .setQuery(null)
        .setAnswer(answer)
        .setLanguage("fa")
        .setKbs(List.of("irrigation"))
        .setCitations(List.of(new Citation(1, "irrigation/a.fa.md", "irrigation", 0.5)))
        .setProvider("extractive")
        .setModel("none")
        .setPromptTokens(0)
        .setCompletionTokens(0)
        .setAskedAt(at)
        .setAnsweredAt(at.plusMillis(80))
        .setFirstTokenMs(20)
        .setTotalMs(80)
        .build();
  }
}
