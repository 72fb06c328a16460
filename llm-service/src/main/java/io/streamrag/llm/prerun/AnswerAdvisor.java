package io.streamrag.llm.prerun;

/**
 * A concern that acts on both sides of an answer, in the manner of Spring AI's advisors: a pre-run
 * step before the model (S0.2), and what it does with the answer once the answer is finished. Both
 * halves live in one class, so a concern reads in one place: memory recalls the conversation, then
 * keeps the new turn; the guard screens the question, then watches the answer.
 */
public interface AnswerAdvisor extends PreRunStep {

  /** What the concern does once the answer's {@code done} is sent: never on the answer's path. */
  default void after(Preparation preparation, Finished answer) {}
}
