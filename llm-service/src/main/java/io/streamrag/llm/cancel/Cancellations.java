package io.streamrag.llm.cancel;

import io.streamrag.llm.provider.model.Cancellation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The cancellations of the answers under way on this replica. A cancel can arrive before its
 * request is taken from the topic (a backlog): it is remembered for {@code remember}, and such a
 * request is not answered at all.
 */
public final class Cancellations {

  private final Map<String, Cancellation> running = new ConcurrentHashMap<>();
  private final Map<String, Instant> cancelledAt = new ConcurrentHashMap<>();
  private final Duration remember;
  private final Clock clock;

  public Cancellations(Duration remember, Clock clock) {
    this.remember = remember;
    this.clock = clock;
  }

  /**
   * Starts an answer with its cancellation, known here until the answer ends.
   *
   * @return the answer's end; it fails with {@link Cancellation.Cancelled} when it was cancelled,
   *     before or while it ran
   */
  public CompletableFuture<Void> during(
      String requestId, Function<Cancellation, CompletableFuture<Void>> answer) {
    var cancellation = new Cancellation();
    // registered before the check: a cancel arriving in between is seen by one or the other
    running.put(requestId, cancellation);
    if (cancelledAt.containsKey(requestId)) {
      cancellation.cancel();
    }
    CompletableFuture<Void> ended;
    try {
      cancellation.check();
      ended = answer.apply(cancellation);
    } catch (RuntimeException e) {
      ended = CompletableFuture.failedFuture(e);
    }
    return ended.whenComplete((done, error) -> running.remove(requestId, cancellation));
  }

  /** Stops the request's answer if it runs here, and any later attempt to start it. */
  public void cancel(String requestId) {
    Instant now = clock.instant();
    cancelledAt.entrySet().removeIf(e -> e.getValue().isBefore(now.minus(remember)));
    cancelledAt.put(requestId, now);
    var cancellation = running.get(requestId);
    if (cancellation != null) {
      cancellation.cancel();
    }
  }

  /** How many answers run here now. */
  public int running() {
    return running.size();
  }
}
