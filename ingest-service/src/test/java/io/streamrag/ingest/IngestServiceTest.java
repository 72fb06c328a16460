package io.streamrag.ingest;

import static io.streamrag.ingest.SensorEvents.forecast;
import static io.streamrag.ingest.SensorEvents.profile;
import static io.streamrag.ingest.SensorEvents.reading;
import static io.streamrag.ingest.SensorTraffic.WAIT;
import static io.streamrag.ingest.SensorTraffic.awaitSnapshot;
import static io.streamrag.ingest.SensorTraffic.awaitUpsert;
import static io.streamrag.ingest.SensorTraffic.newSensor;
import static io.streamrag.ingest.SensorTraffic.now;
import static io.streamrag.ingest.SensorTraffic.publish;
import static io.streamrag.ingest.SensorTraffic.snapshotsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.ingest.knowledge.KnowledgeImport;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * ingest-service alone against a real Kafka broker: sensor events and documents in, index changes
 * out.
 */
class IngestServiceTest extends IngestOnBroker {

  @Autowired KnowledgeImport knowledge;
  @Autowired MeterRegistry meters;

  @Test
  void aReadingBecomesASnapshotAndSearchableTextScopedToItsSensorAndEveryKb() {
    String sensor = newSensor();
    Instant at = now();
    publish(SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "r-1", at, 12.5, 6.8));

    var snapshot = awaitSnapshot(sensor, s -> true);
    assertThat(snapshot.getTextFa()).contains("رطوبت خاک 12.5 درصد");
    var fa =
        awaitUpsert(
            c ->
                c.getPayload().getSensorUuid().equals(sensor)
                    && c.getPayload().getLanguage().equals("fa"));
    assertThat(fa.getPayload().getKbName()).isEqualTo(Scopes.ALL_KBS);
    assertThat(fa.getPayload().getSource()).isEqualTo("sensor/" + sensor + "/readings");
    assertThat(fa.getPayload().getText()).contains("12.5");
    assertThat(fa.getVector()).as("the bundled model cannot read Persian: lexical only").isEmpty();
    var en =
        awaitUpsert(
            c ->
                c.getPayload().getSensorUuid().equals(sensor)
                    && c.getPayload().getLanguage().equals("en"));
    assertThat(en.getVector()).hasSize(384);
    assertThat(en.getEmbeddingModel()).isEqualTo("all-minilm-l6-v2-q/384");
    assertThat(fa.getSourceReceivedAt()).isEqualTo(at);
    assertThat(snapshot.getTextAr()).contains("رطوبة التربة 12.5 %");
    var ar =
        awaitUpsert(
            c ->
                c.getPayload().getSensorUuid().equals(sensor)
                    && c.getPayload().getLanguage().equals("ar"));
    assertThat(ar.getPayload().getText()).contains("رطوبة التربة 12.5 %");
    assertThat(ar.getPayload().getKbName()).isEqualTo(Scopes.ALL_KBS);
    assertThat(ar.getVector()).as("the bundled model cannot read Arabic: lexical only").isEmpty();
  }

  @Test
  void profileAndForecastJoinTheSnapshotAndANewReadingReembedsOnlyTheReadings() throws Exception {
    String sensor = newSensor();
    Instant t = now();
    publish(SensorTopics.SENSOR_PROFILES, sensor, profile(sensor, t));
    publish(SensorTopics.SENSOR_FORECASTS, sensor, forecast(sensor, t, 12.5));
    publish(SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "a", t, 20.0, null));
    awaitSnapshot(sensor, s -> s.getVersion() == 3);
    // the first burst's readings are indexed (at the end of its window) before the next reading
    awaitUpsert(
        c ->
            c.getPayload().getSensorUuid().equals(sensor)
                && c.getPayload().getSource().endsWith("/readings")
                && c.getPayload().getText().contains("soil moisture 20 %"));

    publish(
        SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "b", t.plusSeconds(60), 18.0, null));

    var snapshot = awaitSnapshot(sensor, s -> s.getVersion() == 4);
    assertThat(snapshot.getTextEn())
        .contains("soil moisture 18 %")
        .contains("soil texture clay loam")
        .contains("rain 12.5 mm");
    List<IndexChanged> changes = changesFor(sensor, Duration.ofSeconds(3));
    long profileUpserts =
        changes.stream()
            .filter(c -> c.getPayload() != null && c.getPayload().getSource().endsWith("/profile"))
            .count();
    long readingUpserts =
        changes.stream()
            .filter(c -> c.getPayload() != null && c.getPayload().getSource().endsWith("/readings"))
            .count();
    assertThat(profileUpserts).as("profile indexed once, in three languages").isEqualTo(3);
    assertThat(readingUpserts).as("readings indexed for each of the two readings").isEqualTo(6);
  }

  @Test
  void aBurstFromOneSensorIsIndexedOnceAtOnceAndOnceAtTheEndOfTheWindow() {
    String sensor = newSensor();
    Instant t = now();
    for (int i = 0; i < 10; i++) {
      publish(
          SensorTopics.SENSOR_READINGS,
          sensor,
          reading(sensor, "burst-" + i, t.plusMillis(i), 10.0 + i, null));
    }

    var last = awaitSnapshot(sensor, s -> s.getVersion() == 10);
    String englishReadings = Ids.of(SnapshotIndexer.source(sensor, "readings"), "0");
    List<IndexChanged> changes = changesFor(sensor, Duration.ofSeconds(3));
    var upserts = changes.stream().filter(c -> c.getPointId().equals(englishReadings)).toList();
    assertThat(upserts).hasSizeLessThanOrEqualTo(3);
    assertThat(upserts.get(upserts.size() - 1).getPayload().getText())
        .contains("soil moisture 19 %");
    assertThat(last.getSoilMoisture()).isEqualTo(19.0);
  }

  @Test
  void aDuplicateReadingIsAbsorbed() {
    String sensor = newSensor();
    Instant t = now();
    publish(SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "same", t, 12.5, null));
    publish(SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "same", t, 12.5, null));
    publish(
        SensorTopics.SENSOR_READINGS,
        sensor,
        reading(sensor, "next", t.plusSeconds(1), 13.0, null));

    awaitSnapshot(sensor, s -> s.getSoilMoisture() == 13.0);
    assertThat(snapshotsOf(sensor))
        .extracting(SensorSnapshotUpdated::getVersion)
        .containsExactly(1L, 2L);
  }

  @Test
  void replayingTheSensorTopicsFromTheStartRebuildsTheSameSnapshot() {
    // Given a sensor's history: profile, forecast, readings with a duplicate and a late one
    String sensor = newSensor();
    Instant t = now();
    publish(SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "r1", t, 20.0, 6.5));
    publish(SensorTopics.SENSOR_PROFILES, sensor, profile(sensor, t));
    publish(
        SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "r2", t.plusSeconds(600), 18.5, 6.6));
    publish(
        SensorTopics.SENSOR_READINGS, sensor, reading(sensor, "r2", t.plusSeconds(600), 18.5, 6.6));
    publish(
        SensorTopics.SENSOR_READINGS,
        sensor,
        reading(sensor, "late", t.plusSeconds(300), 30.0, 7.0));
    publish(SensorTopics.SENSOR_FORECASTS, sensor, forecast(sensor, t, 3.5));
    publish(
        SensorTopics.SENSOR_READINGS,
        sensor,
        reading(sensor, "r3", t.plusSeconds(1200), 17.0, 6.7));
    var live = awaitSnapshot(sensor, s -> s.getVersion() == 5);

    // When an operator replays the sensor topics from their start through a fresh folder
    var folder = new SnapshotFolder(new SnapshotText());
    SensorSnapshotUpdated rebuilt = null;
    for (var topic :
        List.of(
            SensorTopics.SENSOR_READINGS,
            SensorTopics.SENSOR_PROFILES,
            SensorTopics.SENSOR_FORECASTS)) {
      try (var probe = new TopicProbe(LocalKafka.shared().bootstrapServers(), topic.name())) {
        for (var record : probe.drain(Duration.ofSeconds(2))) {
          if (sensor.equals(record.key())) {
            rebuilt = folder.fold(rebuilt, record.value()).orElse(rebuilt);
          }
        }
      }
    }

    // Then the rebuilt snapshot equals the one the service published, field for field
    assertThat(rebuilt).isEqualTo(live);
    assertThat(rebuilt.getSoilMoisture()).isEqualTo(17.0);
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
    var chunk = awaitUpsert(c -> c.getPayload().getSource().equals("soil/ph.en.md"));
    assertThat(chunk.getPayload().getSensorUuid()).isEqualTo(Scopes.GLOBAL_SENSOR);
    assertThat(chunk.getPayload().getKbName()).isEqualTo("soil");
  }

  @Test
  void aDocumentThatShrinksDeletesItsVanishedChunks(@TempDir Path folder) throws Exception {
    Path kb = Files.createDirectories(folder.resolve("water"));
    Files.writeString(
        kb.resolve("deep.en.md"), "# Deep watering\n\n" + "Water deeply and rarely. ".repeat(300));
    knowledge.importFolder(folder.toString());
    String lastChunk = Ids.of(Ids.of("water", "water/deep.en.md"), "3");
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      index.await(r -> lastChunk.equals(r.key()), WAIT);
    }

    Files.writeString(kb.resolve("deep.en.md"), "# Deep watering\n\nWater deeply and rarely.");
    knowledge.importFolder(folder.toString());

    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      index.await(
          r -> lastChunk.equals(r.key()) && ((IndexChanged) r.value()).getOp() == IndexOp.DELETE,
          WAIT);
    }
  }

  /** Every index change about a sensor's snapshot, read for the given time. */
  private static List<IndexChanged> changesFor(String sensor, Duration during) {
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      return index.drain(during).stream()
          .map(r -> (IndexChanged) r.value())
          .filter(c -> c.getPayload() != null && c.getPayload().getSensorUuid().equals(sensor))
          .toList();
    }
  }
}
