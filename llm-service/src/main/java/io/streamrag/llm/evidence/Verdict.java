package io.streamrag.llm.evidence;

/** Whether a candidate is evidence for its part, and why (S3.4), as the trace shows it. */
public record Verdict(boolean accepted, String reason) {

  public static Verdict accept(String reason) {
    return new Verdict(true, reason);
  }

  public static Verdict reject(String reason) {
    return new Verdict(false, reason);
  }
}
