package io.streamrag.llm.intake;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How chat requests change hands between instances ({@code llm.intake.*}).
 *
 * @param handOver how long an instance that gives partitions of {@code chat.requests} up (another
 *     instance joined) waits for the answers it runs for them to end, so that their offsets are
 *     committed before the new owner reads on; an answer still running then is answered again by
 *     the new owner (its client gets a {@code reset}). The consumer fetches nothing meanwhile. How
 *     long a stopping instance drains is {@code spring.lifecycle.timeout-per-shutdown-phase}.
 */
@Validated
@ConfigurationProperties("llm.intake")
public record IntakeProperties(@NotNull @DefaultValue("15s") Duration handOver) {

  public IntakeProperties {
    if (handOver != null && handOver.isNegative()) {
      throw new IllegalArgumentException("llm.intake.hand-over must not be negative");
    }
  }
}
