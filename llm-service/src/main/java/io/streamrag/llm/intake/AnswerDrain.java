package io.streamrag.llm.intake;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;

/**
 * How this instance stops (SIGTERM, a rolling update) without losing or repeating an answer: it
 * stops fetching chat requests, finishes the answers it runs and those it fetched (at most {@code
 * timeout}), and only then lets the chat requests binding stop, which commits their offsets and
 * leaves the consumer group. The partitions' next owner starts after them: no client sees its
 * answer restart. What is still running at the timeout is left uncommitted to the next owner, which
 * answers it again (the client gets a {@code reset}).
 *
 * <p>The first to stop ({@link SmartLifecycle#DEFAULT_PHASE}): before the binding and the Kafka
 * listeners and readers the answers still use (retrieval replies, cancels), and before the load
 * report withdraws this instance.
 */
public final class AnswerDrain implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(AnswerDrain.class);
  private static final Duration CHECK_EVERY = Duration.ofMillis(100);

  private final AnswerBudget budget;
  private final TaskScheduler timers;
  private final Duration timeout;
  private final Clock clock;
  private volatile boolean running;

  /**
   * @param timers where the drain checks whether it is done (a Spring-managed scheduler that
   *     outlives this phase)
   * @param timeout the longest it waits for the answers (the shutdown phase's timeout)
   */
  public AnswerDrain(AnswerBudget budget, TaskScheduler timers, Duration timeout, Clock clock) {
    this.budget = budget;
    this.timers = timers;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public void start() {
    running = true;
  }

  @Override
  public void stop() {
    throw new UnsupportedOperationException("stopped asynchronously: stop(Runnable)");
  }

  @Override
  public void stop(Runnable callback) {
    running = false;
    Instant start = clock.instant();
    Instant deadline = start.plus(timeout);
    budget.drain();
    log.info(
        "draining: fetching stopped; finishing {} answers running and {} fetched",
        budget.running(),
        budget.waiting());
    var check = new AtomicReference<ScheduledFuture<?>>();
    Runnable done =
        () -> {
          boolean drained = budget.drained();
          if (!drained && clock.instant().isBefore(deadline)) {
            return;
          }
          var self = check.getAndSet(null);
          if (self == null) {
            return; // already done
          }
          self.cancel(false);
          if (drained) {
            log.info("drained in {} ms", Duration.between(start, clock.instant()).toMillis());
          } else {
            log.warn(
                "drain timed out after {}: {} answers still running are left to the partitions'"
                    + " next owner",
                timeout,
                budget.running());
          }
          callback.run();
        };
    check.set(timers.scheduleWithFixedDelay(done, CHECK_EVERY));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return SmartLifecycle.DEFAULT_PHASE;
  }
}
