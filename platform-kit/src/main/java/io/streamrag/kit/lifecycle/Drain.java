package io.streamrag.kit.lifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;

/**
 * How an instance stops (SIGTERM, a rolling update) without cutting the work it holds: the first
 * SmartLifecycle to stop ({@link SmartLifecycle#DEFAULT_PHASE}), it takes no new work ({@code
 * begin}), then waits until the work under way is done ({@code done}), at most {@code timeout},
 * before letting the later phases stop what that work needs (Kafka consumers and readers, the web
 * server, the producers). Its stop is asynchronous: the context's shutdown waits for it within
 * {@code spring.lifecycle.timeout-per-shutdown-phase}.
 */
public final class Drain implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(Drain.class);
  private static final Duration CHECK_EVERY = Duration.ofMillis(100);

  private final String what;
  private final Runnable begin;
  private final BooleanSupplier done;
  private final IntSupplier left;
  private final TaskScheduler timers;
  private final Duration timeout;
  private final Clock clock;
  private volatile boolean running;

  /**
   * @param what what is waited for, for the log (e.g. "answers")
   * @param begin stops taking new work
   * @param done true once the work under way is done
   * @param left how much is left, for the log
   * @param timers where the drain checks whether it is done: a Spring-managed scheduler that still
   *     takes tasks while the context closes ({@code setAcceptTasksAfterContextClose})
   * @param timeout the longest it waits (the shutdown phase's timeout)
   */
  public Drain(
      String what,
      Runnable begin,
      BooleanSupplier done,
      IntSupplier left,
      TaskScheduler timers,
      Duration timeout,
      Clock clock) {
    this.what = what;
    this.begin = begin;
    this.done = done;
    this.left = left;
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
    begin.run();
    log.info("draining: nothing new taken; waiting for {} {}", left.getAsInt(), what);
    var check = new AtomicReference<ScheduledFuture<?>>();
    Runnable whenDone =
        () -> {
          boolean drained = done.getAsBoolean();
          if (!drained && clock.instant().isBefore(deadline)) {
            return;
          }
          var self = check.getAndSet(null);
          if (self == null) {
            return; // not scheduled yet, or already done
          }
          self.cancel(false);
          if (drained) {
            log.info("drained in {} ms", Duration.between(start, clock.instant()).toMillis());
          } else {
            log.warn("drain timed out after {}: {} {} left", timeout, left.getAsInt(), what);
          }
          callback.run();
        };
    check.set(timers.scheduleWithFixedDelay(whenDone, CHECK_EVERY));
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
