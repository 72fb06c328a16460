package io.streamrag.llm.memory;

import io.streamrag.llm.prerun.Finished;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What is kept of an answer: the turn for the conversation's memory, the trace of its path. */
final class Remembered {

  private Remembered() {}

  static StoredTurn turn(Preparation p, Finished finished, Instant answered) {
    var request = p.request();
    var answer = finished.answer();
    return new StoredTurn(
        ConversationMemory.keyOf(request),
        request.getPipeline(),
        RememberedTurn.newBuilder()
            .setRequestId(request.getRequestId())
            .setQuestion(request.getMessage())
            .setQuery(p.rewritten() ? p.query() : null)
            .setAnswer(finished.text())
            .setLanguage(request.getLanguage())
            .setKbs(p.context().getKbNames())
            .setCitations(finished.citations())
            .setProvider(answer.provider())
            .setModel(answer.model())
            .setPromptTokens(answer.usage().promptTokens())
            .setCompletionTokens(answer.usage().completionTokens())
            .setAskedAt(finished.asked())
            .setAnsweredAt(answered)
            .setFirstTokenMs(finished.firstTokenMs())
            .setTotalMs(Duration.between(finished.asked(), answered).toMillis())
            .build());
  }

  static StoredTrace trace(Preparation p, Finished finished) {
    var needs = finished.needsHuman();
    return new StoredTrace(
        ConversationMemory.keyOf(p.request()),
        p.request().getRequestId(),
        finished.mode(),
        p.trace().steps(),
        needs == null ? List.of() : needs.getMissing(),
        p.request().getRequestedAt());
  }
}
