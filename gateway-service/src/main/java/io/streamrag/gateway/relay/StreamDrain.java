package io.streamrag.gateway.relay;

import io.streamrag.kit.guard.Refusal;
import java.time.Duration;

/**
 * Whether this gateway replica is stopping (SIGTERM, a rolling update): from that moment it admits
 * no new chat ({@code 503 draining} with {@code Retry-After}, which clients treat as "busy": ask
 * again, another replica answers), while the answer streams it holds open go on to their end
 * (platform-kit's {@link io.streamrag.kit.lifecycle.Drain} waits for them, {@link RelayWiring}).
 */
public final class StreamDrain {

  private final Duration retryAfter;
  private volatile boolean draining;

  /**
   * @param retryAfter what a refused chat is told to wait
   */
  public StreamDrain(Duration retryAfter) {
    this.retryAfter = retryAfter;
  }

  /** From now on no new chat is admitted. */
  void begin() {
    draining = true;
  }

  /** True from the moment this replica begins to stop. */
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
}
