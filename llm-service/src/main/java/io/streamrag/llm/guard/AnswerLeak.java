package io.streamrag.llm.guard;

/**
 * An answer was cut off because it was reproducing the system prompt: the stream ends with an
 * {@code error} event ({@value #CODE}) and nothing more of the answer is sent.
 */
public final class AnswerLeak extends RuntimeException {

  /** The code of the {@code error} event. */
  public static final String CODE = "prompt_leak";

  public AnswerLeak(String reason) {
    super(reason, null, false, false);
  }
}
