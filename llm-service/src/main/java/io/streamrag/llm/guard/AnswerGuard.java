package io.streamrag.llm.guard;

import io.streamrag.kit.guard.Guardrail;
import io.streamrag.llm.prerun.AnswerAdvisor;
import io.streamrag.llm.prerun.GuardStep;
import io.streamrag.llm.prerun.Preparation;
import java.util.concurrent.CompletableFuture;

/**
 * The prompt-injection guard, both sides of an answer. Before (pre-run step 1): the question
 * through the guardrail's layers; a refusal stops the chain, and no model is asked. While the
 * answer streams: its text through an {@link OutputGuard}, which cuts it off when it writes the
 * request's canary or copies {@code leakWords} words in a row of the instructions. The model judge,
 * when on, is a step of its own right after this one ({@link ModelJudge}: slow and paid for, it is
 * timed apart).
 */
public final class AnswerGuard implements AnswerAdvisor {

  private final GuardStep question;
  private final int leakWords;

  /**
   * @param leakWords how many words in a row of the instructions make an answer a copy of them
   */
  public AnswerGuard(Guardrail injection, int leakWords) {
    this.question = new GuardStep(injection);
    this.leakWords = leakWords;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation preparation) {
    return question.apply(preparation);
  }

  /** The watch over one prepared request's answer: its canary and its instructions. */
  public OutputGuard watch(Preparation preparation) {
    return OutputGuard.of(preparation, leakWords);
  }
}
