package io.streamrag.kit.warmup;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Runs every {@link WarmUp} of the service for a number of rounds, or until a time limit, once the
 * application is ready; health {@code warmUp} is {@code OUT_OF_SERVICE} until then (it is in the
 * readiness group: no traffic comes before). A warm-up that fails is logged and stops: readiness is
 * then UP with the failure in the details, since a cold service still answers.
 */
public final class WarmUps implements HealthIndicator {

  private static final Logger log = LoggerFactory.getLogger(WarmUps.class);

  private final List<WarmUp> warmUps;
  private final int rounds;
  private final Duration limit;
  private final Map<String, Object> details = new LinkedHashMap<>();
  private volatile boolean done;

  public WarmUps(List<WarmUp> warmUps, int rounds, Duration limit) {
    this.warmUps = warmUps;
    this.rounds = rounds;
    this.limit = limit;
    this.done = warmUps.isEmpty() || rounds == 0;
  }

  /** Runs them all, one after the other, on the calling thread (Spring's task executor). */
  public void run() {
    long began = System.nanoTime();
    long deadline = began + limit.toNanos();
    for (WarmUp w : warmUps) {
      try {
        while (!w.canStart() && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        long start = System.nanoTime();
        int n = 0;
        while (n < rounds && System.nanoTime() < deadline) {
          w.round(n++);
        }
        detail(w.name(), n + " rounds in " + (System.nanoTime() - start) / 1_000_000 + " ms");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        detail(w.name(), "interrupted");
        break;
      } catch (Exception | Error e) {
        log.warn("warm-up {} failed; the service answers cold: {}", w.name(), e.toString());
        detail(w.name(), "failed: " + e);
      }
    }
    log.info("warmed up in {} ms: {}", (System.nanoTime() - began) / 1_000_000, details);
    done = true;
  }

  private synchronized void detail(String name, String value) {
    details.put(name, value);
  }

  public boolean done() {
    return done;
  }

  @Override
  public synchronized Health health() {
    return (done ? Health.up() : Health.outOfService()).withDetails(details).build();
  }
}
