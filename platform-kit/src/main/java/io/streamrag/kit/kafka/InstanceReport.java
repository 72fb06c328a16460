package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;

/**
 * One instance's state, published on a compacted topic keyed by the instance's id: every {@code
 * every} while it runs, soon after each {@link #changed()}, and as a tombstone when it stops, so
 * the other services' view of it goes with it. An instance that dies without its tombstone is known
 * by its report's age: readers ignore reports older than a few intervals.
 *
 * <p>Runs on a Spring-managed scheduler and starts and stops with the context. A failed send is
 * logged and retried at the next tick; {@link #lastSent()} says how old the last good one is, for
 * health.
 */
public final class InstanceReport implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(InstanceReport.class);

  /** After a change, the report waits this long: a burst of changes makes one report. */
  private static final Duration SETTLE = Duration.ofMillis(100);

  private final TopicWriter writer;
  private final TopicSpec topic;
  private final String instance;
  private final Function<Instant, SpecificRecord> state;
  private final TaskScheduler scheduler;
  private final Duration every;
  private final Clock clock;
  private final AtomicBoolean changePending = new AtomicBoolean();
  private volatile ScheduledFuture<?> ticks;
  private volatile Instant lastSent;

  /**
   * @param state this instance's state as the topic's record, at the given instant
   */
  public InstanceReport(
      TopicWriter writer,
      TopicSpec topic,
      String instance,
      Function<Instant, SpecificRecord> state,
      TaskScheduler scheduler,
      Duration every,
      Clock clock) {
    this.writer = writer;
    this.topic = topic;
    this.instance = instance;
    this.state = state;
    this.scheduler = scheduler;
    this.every = every;
    this.clock = clock;
  }

  /** This process's id among its service's instances: its host name and process id. */
  public static String instanceId() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "unknown-host";
    }
    return host + "-" + ProcessHandle.current().pid();
  }

  /** The state changed: a report goes out shortly, once for a burst of changes. */
  public void changed() {
    if (ticks != null && changePending.compareAndSet(false, true)) {
      scheduler.schedule(
          () -> {
            changePending.set(false);
            report();
          },
          clock.instant().plus(SETTLE));
    }
  }

  /** When the last report was acknowledged, or null before the first. */
  public Instant lastSent() {
    return lastSent;
  }

  /** How often it reports, changes aside. */
  public Duration every() {
    return every;
  }

  public String instance() {
    return instance;
  }

  @Override
  public void start() {
    ticks = scheduler.scheduleAtFixedRate(this::report, every);
  }

  /** Stops reporting and removes this instance's report: it is gone, not merely quiet. */
  @Override
  public void stop() {
    var running = ticks;
    ticks = null;
    if (running != null) {
      running.cancel(false);
      try {
        writer.tombstone(topic, instance).get(5, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        log.warn("could not withdraw {}'s report on {}: {}", instance, topic.name(), e.toString());
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Override
  public boolean isRunning() {
    return ticks != null;
  }

  /** Stops after the answering parts (lower phases stop later), before the Kafka producer. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 2000;
  }

  private void report() {
    if (ticks == null) {
      return;
    }
    try {
      Instant now = clock.instant();
      writer
          .send(topic, instance, state.apply(now))
          .whenComplete(
              (ok, error) -> {
                if (error == null) {
                  lastSent = now;
                } else {
                  log.warn(
                      "{}'s report on {} failed: {}", instance, topic.name(), error.toString());
                }
              });
    } catch (RuntimeException e) {
      // a scheduled task that throws is never run again: this one must keep reporting
      log.warn("{}'s report on {} failed: {}", instance, topic.name(), e.toString());
    }
  }
}
