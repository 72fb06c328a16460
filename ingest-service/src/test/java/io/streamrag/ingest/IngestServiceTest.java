package io.streamrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * ingest-service alone against a real Kafka broker: readings and documents in, index changes out.
 */
@SpringBootTest(
    classes = IngestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = IngestApplication.CONFIG_NAME)
class IngestServiceTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final Duration WAIT = Duration.ofSeconds(20);

  @Autowired KnowledgeImport knowledge;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.cloud.stream.kafka.binder.brokers", KAFKA::bootstrapServers);
  }

  @AfterAll
  static void stopKafka() {
    KAFKA.close();
  }

  @Test
  void aReadingBecomesASnapshotAndSearchableTextScopedToItsSensorAndEveryKb() {
    Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    KAFKA.publish(Topics.SENSOR_READINGS.name(), SENSOR, reading("r-1", at, 12.5, 6.8));

    try (var snapshots = new TopicProbe(KAFKA.bootstrapServers(), Topics.SENSOR_SNAPSHOTS.name());
        var index = new TopicProbe(KAFKA.bootstrapServers(), Topics.INDEX_CHANGES.name())) {
      var snapshot =
          (SensorSnapshotUpdated) snapshots.await(r -> r.key().equals(SENSOR), WAIT).value();
      assertThat(snapshot.getTextFa()).contains("رطوبت خاک 12.5 درصد");
      assertThat(snapshot.getTextEn()).contains("soil moisture 12.5 %");

      var fa =
          awaitUpsert(
              index,
              c ->
                  c.getPayload().getSensorUuid().equals(SENSOR)
                      && c.getPayload().getLanguage().equals("fa"));
      assertThat(fa.getPayload().getKbName()).isEqualTo(Scopes.ALL_KBS);
      assertThat(fa.getPayload().getText()).contains("12.5");
      assertThat(fa.getVector()).hasSize(384);
      assertThat(fa.getEmbeddingModel()).isEqualTo("all-minilm-l6-v2-q/384");
      assertThat(fa.getSourceReceivedAt()).isEqualTo(at);
    }
  }

  @Test
  void aBadRecordOnTheReadingsTopicGoesToTheDeadLetterTopicWithItsError() {
    KAFKA.publishRaw(Topics.SENSOR_READINGS.name(), "bad-key", "not avro".getBytes());

    try (var dlq = new TopicProbe(KAFKA.bootstrapServers(), Topics.DLQ_INGEST_READINGS.name())) {
      var dead = dlq.await(r -> "bad-key".equals(r.key()), WAIT);
      assertThat(new String(dead.raw())).isEqualTo("not avro");
      assertThat(dead.headers()).containsKey("x-exception-message");
    }
  }

  @Test
  void importingTheSameFolderTwiceChangesNothingTheSecondTime(@TempDir Path folder)
      throws Exception {
    Path kb = Files.createDirectories(folder.resolve("soil"));
    Files.writeString(kb.resolve("tone.md"), "Be brief.");
    Files.writeString(
        kb.resolve("ph.en.md"), "# Soil pH\n\nMost crops grow best at a pH between 6.0 and 7.5.");

    var first = knowledge.importFolder(folder.toString());
    var second = knowledge.importFolder(folder.toString());

    assertThat(first.published()).isEqualTo(1);
    assertThat(second.published()).isZero();
    assertThat(second.unchanged()).isEqualTo(1);
    try (var index = new TopicProbe(KAFKA.bootstrapServers(), Topics.INDEX_CHANGES.name())) {
      var chunk = awaitUpsert(index, c -> c.getPayload().getSource().equals("soil/ph.en.md"));
      assertThat(chunk.getPayload().getSensorUuid()).isEqualTo(Scopes.GLOBAL_SENSOR);
      assertThat(chunk.getPayload().getKbName()).isEqualTo("soil");
    }
  }

  @Test
  void aDocumentThatShrinksDeletesItsVanishedChunks(@TempDir Path folder) throws Exception {
    Path kb = Files.createDirectories(folder.resolve("water"));
    String longText = "Water deeply and rarely. ".repeat(300);
    Files.writeString(kb.resolve("deep.en.md"), "# Deep watering\n\n" + longText);
    knowledge.importFolder(folder.toString());
    String docId = Ids.of("water", "water/deep.en.md");
    String lastChunk = Ids.of(docId, "3");
    try (var index = new TopicProbe(KAFKA.bootstrapServers(), Topics.INDEX_CHANGES.name())) {
      index.await(r -> lastChunk.equals(r.key()), WAIT);
    }

    Files.writeString(kb.resolve("deep.en.md"), "# Deep watering\n\nWater deeply and rarely.");
    knowledge.importFolder(folder.toString());

    try (var index = new TopicProbe(KAFKA.bootstrapServers(), Topics.INDEX_CHANGES.name())) {
      var deleted =
          index.await(
              r ->
                  lastChunk.equals(r.key()) && ((IndexChanged) r.value()).getOp() == IndexOp.DELETE,
              WAIT);
      assertThat(deleted.value()).isNotNull();
    }
  }

  private static IndexChanged awaitUpsert(
      TopicProbe index, java.util.function.Predicate<IndexChanged> match) {
    return (IndexChanged)
        index
            .await(
                r ->
                    r.value() instanceof IndexChanged c
                        && c.getOp() == IndexOp.UPSERT
                        && match.test(c),
                WAIT)
            .value();
  }

  static SensorReadingReceived reading(String id, Instant at, Double moisture, Double ph) {
    return SensorReadingReceived.newBuilder()
        .setEventId(id)
        .setSensorUuid(SENSOR)
        .setDeviceId("d")
        .setTransport("http")
        .setMeasuredAt(at)
        .setReceivedAt(at)
        .setSoilMoisture(moisture)
        .setPh(ph)
        .build();
  }
}
