package io.streamrag.llm.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pre-run step 3 alone, following the real compacted topic on a real broker. */
class ConfigSyncTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  final LiveConfig live =
      new LiveConfig(
          TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5)),
          Duration.ofSeconds(30));
  final ConfigSync step = new ConfigSync(live);
  final String pipeline = "p-" + UUID.randomUUID();

  @AfterEach
  void close() {
    live.close();
  }

  @Test
  void aPipelineNobodyConfiguredGetsTheDefaults() {
    var settings = step.apply(preparation()).join().settings();

    assertThat(settings.instructions()).contains("Cite the passages");
    assertThat(settings.memoryMaxTurns()).isEqualTo(6);
  }

  @Test
  void theNextMessageUsesAnAdministratorsNewValueWithoutARestart() {
    // Given the pipeline's instructions as first set
    publish("Answer in one sentence.", 4);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> step.apply(preparation()).join().settings().memoryMaxTurns() == 4);

    // When an administrator changes them
    publish("Answer with a numbered list.", 0);

    // Then the next message is prepared with the new values
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              var settings = step.apply(preparation()).join().settings();
              assertThat(settings.instructions()).isEqualTo("Answer with a numbered list.");
              assertThat(settings.memoryMaxTurns()).isZero();
            });
  }

  private Preparation preparation() {
    ChatRequested request =
        ChatRequested.newBuilder(Contexts.request("r", "q", "en")).setPipeline(pipeline).build();
    return Preparation.of(request);
  }

  private void publish(String instructions, int turns) {
    KAFKA.publish(
        KnowledgeTopics.PIPELINE_CONFIGS.name(),
        pipeline,
        PipelineConfigured.newBuilder()
            .setPipeline(pipeline)
            .setInstructions(instructions)
            .setDegradedInstructions("down")
            .setMemoryMaxTurns(turns)
            .setMemoryMaxTokens(1000)
            .setUpdatedAt(Instant.now())
            .build());
  }
}
