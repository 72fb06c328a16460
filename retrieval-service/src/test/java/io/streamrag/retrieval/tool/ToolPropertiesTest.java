package io.streamrag.retrieval.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** retrieval.tool.* is typed and checked: a bad value stops start-up, naming its key. */
class ToolPropertiesTest {

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(ToolProperties.class)
  static class Bound {}

  final ApplicationContextRunner context =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @Test
  void theToolsSettingsAreBound() {
    context
        .withPropertyValues(
            "retrieval.tool.threads=3", "retrieval.tool.queue=0", "retrieval.tool.kb-timeout=4s")
        .run(
            started ->
                assertThat(started.getBean(ToolProperties.class))
                    .isEqualTo(new ToolProperties(3, 0, Duration.ofSeconds(4))));
  }

  @Test
  void noSearchThreadStopsStartUpNamingTheKey() {
    context
        .withPropertyValues(
            "retrieval.tool.threads=0", "retrieval.tool.queue=8", "retrieval.tool.kb-timeout=4s")
        .run(
            failed ->
                assertThat(failed)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("retrieval.tool.threads"));
  }
}
