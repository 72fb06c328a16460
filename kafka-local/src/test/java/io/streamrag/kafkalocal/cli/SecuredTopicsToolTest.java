package io.streamrag.kafkalocal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operators' topics tool against a broker that demands SASL, as a production one does: with a
 * Kafka properties file (--command-config), or with the services' own config tree (the directory
 * SPRING_CONFIG_IMPORT names in every pod), it reads the topic; with the bootstrap alone it cannot.
 */
class SecuredTopicsToolTest {

  static final LocalKafka KAFKA = LocalKafka.startSecured("operator", "op-s3cret");
  static final String LOGIN = LocalKafka.plainLogin("operator", "op-s3cret");

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aCommandConfigFileCarriesTheSaslLogin(@TempDir Path dir) throws Exception {
    publish("from-file");
    Path file = dir.resolve("client.properties");
    Files.writeString(
        file,
        "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.jaas.config=" + LOGIN + "\n");
    var settings =
        ClientSettings.of(
            Map.of("bootstrap", KAFKA.bootstrapServers(), "command-config", file.toString()),
            Map.of());
    assertThat(tail(settings, "from-file")).hasSize(1);
  }

  @Test
  void theServicesConfigTreeCarriesTheSaslLogin(@TempDir Path dir) throws Exception {
    publish("from-tree");
    Files.writeString(dir.resolve("spring.kafka.security.protocol"), "SASL_PLAINTEXT");
    Files.writeString(dir.resolve("spring.kafka.properties.sasl.mechanism"), "PLAIN");
    Files.writeString(dir.resolve("spring.kafka.properties.sasl.jaas.config"), LOGIN);
    var settings =
        ClientSettings.of(
            Map.of(),
            Map.of(
                "KAFKA_BOOTSTRAP_SERVERS",
                KAFKA.bootstrapServers(),
                "SPRING_CONFIG_IMPORT",
                "optional:classpath:x.yml,configtree:" + dir + "/"));
    assertThat(settings).containsEntry("security.protocol", "SASL_PLAINTEXT");
    assertThat(tail(settings, "from-tree")).hasSize(1);
  }

  @Test
  void withoutItsLoginTheToolReadsNothing() {
    publish("no-login");
    var settings =
        new HashMap<String, Object>(Map.of("bootstrap.servers", KAFKA.bootstrapServers()));
    settings.put("request.timeout.ms", "3000");
    settings.put("default.api.timeout.ms", "3000");
    List<String> lines;
    try {
      lines = tail(settings, "no-login");
    } catch (RuntimeException refused) {
      lines = List.of();
    }
    assertThat(lines).isEmpty();
  }

  private static void publish(String key) {
    KAFKA.publish(
        KnowledgeTopics.PIPELINE_CONFIGS.name(),
        key,
        PipelineConfigured.newBuilder()
            .setPipeline(key)
            .setInstructions("i")
            .setDegradedInstructions("d")
            .setMemoryMaxTurns(6)
            .setMemoryMaxTokens(1500)
            .setUpdatedAt(Instant.parse("2026-12-01T00:00:00Z"))
            .build());
  }

  private static List<String> tail(Map<String, Object> settings, String key) {
    var bytes = new ByteArrayOutputStream();
    new TopicsTool(settings, new PrintStream(bytes, true, StandardCharsets.UTF_8))
        .tail(KnowledgeTopics.PIPELINE_CONFIGS, true, key, false, 10);
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
