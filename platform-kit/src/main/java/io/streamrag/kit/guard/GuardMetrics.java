package io.streamrag.kit.guard;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.injection.Detection;
import java.util.function.Consumer;

/**
 * Counts what the guards refuse: {@value #BLOCKED}, tagged with the {@code layer} that refused
 * ({@code patterns}, {@code similarity}, {@code judge}, or llm-service's {@code output}) and the
 * {@code language} of the attack.
 */
public final class GuardMetrics {

  /** The counter of refused messages and cut-off answers. */
  public static final String BLOCKED = "streamrag.guard.blocked";

  private GuardMetrics() {}

  /** A listener that counts each detection. */
  public static Consumer<Detection> counting(MeterRegistry meters) {
    return d -> count(meters, d.layer(), d.language());
  }

  /** Counts one refusal. */
  public static void count(MeterRegistry meters, String layer, String language) {
    meters.counter(BLOCKED, "layer", layer, "language", language).increment();
  }
}
