package io.streamrag.gateway.relay;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The consumer groups a chat needs ({@link PipelineWatch}).
 *
 * @param stages the groups, the topics they read and the services they are; empty: no check
 * @param timeout the longest one check waits for the broker; no answer concludes nothing
 */
@Validated
@ConfigurationProperties("gateway.watch")
public record WatchProperties(List<PipelineWatch.Stage> stages, @NotNull Duration timeout) {

  public WatchProperties {
    stages = stages == null ? List.of() : List.copyOf(stages);
  }
}
