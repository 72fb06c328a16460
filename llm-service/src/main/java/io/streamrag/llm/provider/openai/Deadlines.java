package io.streamrag.llm.provider.openai;

import java.time.Duration;

/**
 * The deadline of one streamed reply, by phase: until the first delta the first-token timeout
 * counts from the request; then the idle timeout counts from the last data line; the total timeout
 * caps both. Times are {@link System#nanoTime()} values.
 */
final class Deadlines {

  private final Endpoint endpoint;
  private final long start = System.nanoTime();
  private long lastDelta = -1;

  Deadlines(Endpoint endpoint) {
    this.endpoint = endpoint;
  }

  /** The model has produced a delta: text, a piece of a tool call, or reasoning. */
  void delta() {
    lastDelta = System.nanoTime();
  }

  boolean started() {
    return lastDelta >= 0;
  }

  long next() {
    long total = start + endpoint.totalTimeout().toNanos();
    long phase =
        started()
            ? lastDelta + endpoint.idleTimeout().toNanos()
            : start + endpoint.firstTokenTimeout().toNanos();
    return Math.min(total, phase);
  }

  /** Why the deadline passed, for logs and users. */
  String expired() {
    long total = start + endpoint.totalTimeout().toNanos();
    if (System.nanoTime() - total >= 0) {
      return "the reply took longer than " + millis(endpoint.totalTimeout()) + " (total timeout)";
    }
    return started()
        ? "no data for " + millis(endpoint.idleTimeout()) + " (idle timeout)"
        : "no first token within "
            + millis(endpoint.firstTokenTimeout())
            + " (first-token timeout)";
  }

  private static String millis(Duration d) {
    return d.toMillis() + " ms";
  }
}
