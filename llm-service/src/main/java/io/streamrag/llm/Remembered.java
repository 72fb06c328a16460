package io.streamrag.llm;

import io.streamrag.llm.memory.MemoryRecall;
import io.streamrag.llm.memory.StoredTrace;
import io.streamrag.llm.memory.StoredTurn;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.Answer;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What is kept of an answer: the turn for the conversation's memory, the trace of its path. */
final class Remembered {

  private Remembered() {}

  static StoredTurn turn(
      Preparation p,
      String text,
      List<Citation> citations,
      Answer answer,
      Tokens tokens,
      Clock clock) {
    Instant answered = clock.instant();
    var request = p.request();
    return new StoredTurn(
        MemoryRecall.keyOf(request),
        request.getPipeline(),
        RememberedTurn.newBuilder()
            .setRequestId(request.getRequestId())
            .setQuestion(request.getMessage())
            .setQuery(p.rewritten() ? p.query() : null)
            .setAnswer(text)
            .setLanguage(request.getLanguage())
            .setKbs(p.context().getKbNames())
            .setCitations(citations)
            .setProvider(answer.provider())
            .setModel(answer.model())
            .setPromptTokens(answer.usage().promptTokens())
            .setCompletionTokens(answer.usage().completionTokens())
            .setAskedAt(tokens.asked())
            .setAnsweredAt(answered)
            .setFirstTokenMs(tokens.firstMillis())
            .setTotalMs(Duration.between(tokens.asked(), answered).toMillis())
            .build());
  }

  static StoredTrace trace(Preparation p, String mode, NeedsHuman needs) {
    return new StoredTrace(
        MemoryRecall.keyOf(p.request()),
        p.request().getRequestId(),
        mode,
        p.trace().steps(),
        needs == null ? List.of() : needs.getMissing(),
        p.request().getRequestedAt());
  }
}
