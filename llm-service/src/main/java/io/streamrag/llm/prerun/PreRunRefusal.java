package io.streamrag.llm.prerun;

/** A pre-run step refused the request: the answer ends with an {@code error} event. */
public final class PreRunRefusal extends RuntimeException {

  private final String code;

  public PreRunRefusal(String code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  /** The stable code of the {@code error} event, e.g. {@code prompt_injection}. */
  public String code() {
    return code;
  }
}
