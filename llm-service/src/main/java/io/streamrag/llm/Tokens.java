package io.streamrag.llm;

import io.streamrag.llm.guard.OutputGuard;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.stream.AnswerStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The answer's text as it streams: each piece passes the output guard, goes out as a {@code token}
 * event at once (but for a few characters the guard may hold back, sent with the next piece or by
 * {@link #flush()}), and is kept for memory; the first one's delay from the request is noted.
 */
final class Tokens implements Consumer<String> {

  private final AnswerStream out;
  private final OutputGuard guard;
  private final Cancellation cancel;
  private final StringBuilder text = new StringBuilder();
  private final Clock clock;
  private final Instant asked;
  private volatile long firstMillis = -1;

  Tokens(AnswerStream out, OutputGuard guard, Cancellation cancel, Clock clock, Instant asked) {
    this.out = out;
    this.guard = guard;
    this.cancel = cancel;
    this.clock = clock;
    this.asked = asked;
  }

  /**
   * @throws io.streamrag.llm.guard.AnswerLeak when the answer reproduces the system prompt: the
   *     piece is not sent, and the answer must end
   */
  @Override
  public synchronized void accept(String piece) {
    // nothing more is published once the caller has left
    cancel.check();
    if (firstMillis < 0) {
      firstMillis = Duration.between(asked, clock.instant()).toMillis();
    }
    send(guard.admit(piece));
  }

  /** Sends what the guard held back, once the answer is complete. */
  synchronized void flush() {
    send(guard.rest());
  }

  private void send(String admitted) {
    if (!admitted.isEmpty()) {
      text.append(admitted);
      out.token(admitted);
    }
  }

  /** The text sent so far. */
  synchronized String text() {
    return text.toString();
  }

  /** True once a piece reached the user: from then on no other provider may take over. */
  boolean started() {
    return firstMillis >= 0;
  }

  /** Milliseconds from the request to the first piece; 0 when none came. */
  long firstMillis() {
    return Math.max(firstMillis, 0);
  }

  Instant asked() {
    return asked;
  }
}
