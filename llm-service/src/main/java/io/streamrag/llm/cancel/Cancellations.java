package io.streamrag.llm.cancel;

import io.streamrag.llm.provider.model.Cancellation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
   * Runs an answer with its cancellation current on this thread.
   *
   * @throws Cancellation.Cancelled when it was cancelled, before or while it ran
   */
  public void during(String requestId, Runnable answer) {
    var cancellation = new Cancellation();
    // registered before the check: a cancel arriving in between is seen by one or the other
    running.put(requestId, cancellation);
    try (var scope = cancellation.enter()) {
      if (cancelledAt.containsKey(requestId)) {
        cancellation.cancel();
      }
      cancellation.check();
      answer.run();
    } finally {
      running.remove(requestId, cancellation);
    }
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
