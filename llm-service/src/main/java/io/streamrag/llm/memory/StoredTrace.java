package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.TraceStep;
import java.time.Instant;
import java.util.List;

/**
 * The retrieval path of one answer, kept so its asker can read it later (S3.6).
 *
 * @param key whose answer it is
 * @param mode {@code classic} or {@code agentic}
 * @param missing the parts left without evidence (S3.5)
 */
public record StoredTrace(
    ConversationKey key,
    String requestId,
    String mode,
    List<TraceStep> steps,
    List<String> missing,
    Instant askedAt) {

  public StoredTrace {
    steps = List.copyOf(steps);
    missing = List.copyOf(missing);
  }
}
