package io.streamrag.kafkalocal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** An operator reads a topic as JSON lines and puts a fixed record back. */
class TopicsToolTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final JsonMapper JSON = JsonMapper.builder().build();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aRecordTailedAsJsonAndProducedBackIsTheSameRecord() throws Exception {
    var topic = KnowledgeTopics.PIPELINE_CONFIGS;
    var original =
        PipelineConfigured.newBuilder()
            .setPipeline("croplogic")
            .setInstructions("Answer from the context; رطوبت خاک")
            .setDegradedInstructions("say so")
            .setMemoryMaxTurns(6)
            .setMemoryMaxTokens(1500)
            .setUpdatedAt(Instant.parse("2026-12-01T00:00:00Z"))
            .build();
    KAFKA.publish(topic.name(), "croplogic", original);
    KAFKA.publishRaw(topic.name(), "broken", "not avro".getBytes(StandardCharsets.UTF_8));

    List<String> lines = tail("croplogic");
    assertThat(lines).hasSize(1);
    var line = JSON.readTree(lines.get(0));
    assertThat(line.get("key").asString()).isEqualTo("croplogic");
    assertThat(line.get("value").get("instructions").asString())
        .isEqualTo("Answer from the context; رطوبت خاک");
    assertThat(JSON.readTree(tail("broken").get(0)).get("value_base64").asString())
        .isEqualTo("bm90IGF2cm8=");

    // the operator fixes the record and writes it back
    String fixed = lines.get(0).replace("\"memory_max_turns\":6", "\"memory_max_turns\":8");
    int sent = new TopicsTool(KAFKA.bootstrapServers(), System.out).produce(topic, List.of(fixed));

    assertThat(sent).isEqualTo(1);
    var again = tail("croplogic");
    assertThat(again).hasSize(2);
    var rewritten = JSON.readTree(again.get(1)).get("value");
    assertThat(rewritten.get("memory_max_turns").asInt()).isEqualTo(8);
    assertThat(rewritten.get("instructions").asString())
        .isEqualTo("Answer from the context; رطوبت خاک");
  }

  private static List<String> tail(String key) {
    var bytes = new ByteArrayOutputStream();
    var tool =
        new TopicsTool(
            KAFKA.bootstrapServers(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    tool.tail(KnowledgeTopics.PIPELINE_CONFIGS, true, key, false, 100);
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void deadLettersGoBackToTheirOriginalTopicWithTheirKeyAndBytes() throws Exception {
    var dead = new org.apache.kafka.common.header.internals.RecordHeaders();
    dead.add("kafka_dlt-original-topic", "sensor.readings".getBytes(StandardCharsets.UTF_8));
    dead.add("kafka_dlt-original-offset", java.nio.ByteBuffer.allocate(8).putLong(1885).array());
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, byte[]>(
            java.util.Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
            new org.apache.kafka.common.serialization.StringSerializer(),
            new org.apache.kafka.common.serialization.ByteArraySerializer())) {
      producer
          .send(
              new org.apache.kafka.clients.producer.ProducerRecord<>(
                  "dlq.ingest.sensors",
                  null,
                  "sensor-9",
                  "raw".getBytes(StandardCharsets.UTF_8),
                  dead))
          .get();
    }
    var tool = new TopicsTool(KAFKA.bootstrapServers(), System.out);
    var shown = new ByteArrayOutputStream();
    new TopicsTool(KAFKA.bootstrapServers(), new PrintStream(shown, true, StandardCharsets.UTF_8))
        .tail(DeadLetterTopics.DLQ_INGEST_SENSORS, true, "sensor-9", false, 10);
    var headers = JSON.readTree(shown.toString(StandardCharsets.UTF_8).strip()).get("headers");
    // the binary offset header reads as the number it is
    assertThat(headers.get("kafka_dlt-original-offset").asLong()).isEqualTo(1885);
    assertThat(headers.get("kafka_dlt-original-topic").asString()).isEqualTo("sensor.readings");

    assertThat(tool.replay(DeadLetterTopics.DLQ_INGEST_SENSORS, "sensor-9")).isEqualTo(1);

    var bytes = new ByteArrayOutputStream();
    new TopicsTool(KAFKA.bootstrapServers(), new PrintStream(bytes, true, StandardCharsets.UTF_8))
        .tail(SensorTopics.SENSOR_READINGS, true, "sensor-9", false, 10);
    var lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(1);
    assertThat(JSON.readTree(lines.get(0)).get("value_base64").asString()).isEqualTo("cmF3");
  }
}
