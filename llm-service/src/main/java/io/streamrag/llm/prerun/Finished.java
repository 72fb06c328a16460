package io.streamrag.llm.prerun;

import io.streamrag.llm.provider.Answer;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import java.time.Instant;
import java.util.List;

/**
 * An answer as its client received it, for the advisors' after-steps ({@link AnswerAdvisor}).
 *
 * @param text the text sent, as the output guard let it through
 * @param asked when the question was asked
 * @param firstTokenMs how long the first token took from {@code asked}; -1 when none was sent
 * @param mode classic or agentic
 * @param needsHuman what the answer could not find evidence for; null when nothing
 */
public record Finished(
    String text,
    List<Citation> citations,
    Answer answer,
    Instant asked,
    long firstTokenMs,
    String mode,
    NeedsHuman needsHuman) {}
