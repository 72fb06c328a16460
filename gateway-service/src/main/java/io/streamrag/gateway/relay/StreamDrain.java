package io.streamrag.gateway.relay;

import io.streamrag.kit.guard.Refusal;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * How a gateway replica stops (SIGTERM, a rolling update) without cutting an answer: from the first
 * moment it admits no new chat ({@code 503 draining} with {@code Retry-After}, which clients treat
 * as "busy": ask again, another replica answers), and it waits for the answer streams it has open
 * to end (at most {@code timeout}) before anything they need stops: the web server's own graceful
 * shutdown and the Kafka readers come after it ({@link SmartLifecycle#DEFAULT_PHASE}, the first).
 */
public final class StreamDrain implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(StreamDrain.class);
  private static final Duration CHECK_EVERY = Duration.ofMillis(100);

  private final IntSupplier open;
  private final Duration timeout;
  private final Duration retryAfter;
  private volatile boolean running;
  private volatile boolean draining;

  /**
   * @param open how many answer streams are open on this replica
   * @param timeout the longest it waits for them (the shutdown phase's timeout)
   * @param retryAfter what a refused chat is told to wait
   */
  public StreamDrain(IntSupplier open, Duration timeout, Duration retryAfter) {
    this.open = open;
    this.timeout = timeout;
    this.retryAfter = retryAfter;
  }

  /** True from the moment this replica begins to stop: it admits no new chat. */
  public boolean draining() {
    return draining;
  }

  /** What a chat refused while draining is told: ask again, another replica answers. */
  public Refusal refusal() {
    return new Refusal(
        503,
        "draining",
        "this gateway is stopping; ask again and another one answers",
        null,
        retryAfter);
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
    draining = true;
    long start = System.nanoTime();
    log.info("draining: no new chats; waiting for {} open answer streams", open.getAsInt());
    Flux.interval(Duration.ZERO, CHECK_EVERY)
        .map(tick -> open.getAsInt())
        .filter(streams -> streams == 0)
        .next()
        .timeout(timeout, Mono.just(-1))
        .subscribe(
            streams -> {
              long ms = (System.nanoTime() - start) / 1_000_000;
              if (streams == 0) {
                log.info("drained in {} ms", ms);
              } else {
                log.warn(
                    "drain timed out after {}: {} streams still open", timeout, open.getAsInt());
              }
              callback.run();
            });
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
