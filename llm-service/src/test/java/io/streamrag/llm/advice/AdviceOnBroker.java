package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.table.TableFiles;
import io.streamrag.kafkalocal.GroupReport;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.llm.LlmApplication;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.ForecastDay;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * llm-service alone against a real broker and PostgreSQL, with the demo agronomy tables published
 * on the KB configs: what the recommendation tests share.
 */
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = LlmApplication.CONFIG_NAME)
abstract class AdviceOnBroker {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final Path KNOWLEDGE = Path.of("../ingest-service/src/main/resources/demo-knowledge");
  static final JsonMapper JSON = new JsonMapper();
  static ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> replies;
  static RequestClient<RecommendationAnswered> advice;

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
    registry.add("llm.memory.database-url", () -> LocalPostgres.shared().jdbcUrl());
  }

  /** The demo agronomy tables of both KBs, text by file name, as llm-service gathers them. */
  static Map<String, String> demoTables() {
    var all = new HashMap<String, String>();
    for (String kb : List.of("irrigation", "fertilization")) {
      all.putAll(TableFiles.read(KNOWLEDGE.resolve(kb + "/tables")));
    }
    return all;
  }

  @BeforeAll
  static void publishTheTables() throws InterruptedException {
    for (String kb : List.of("irrigation", "fertilization")) {
      KAFKA.publish(
          KnowledgeTopics.KB_CONFIGS.name(),
          kb,
          KnowledgeBaseConfigured.newBuilder()
              .setKbName(kb)
              .setPipeline("croplogic")
              .setPipelines(List.of("croplogic"))
              .setDescription(kb)
              .setTone("")
              .setLanguages(List.of("en"))
              .setUpdatedAt(Instant.now())
              .setTables(TableFiles.read(KNOWLEDGE.resolve(kb + "/tables")))
              .build());
    }
    replies =
        RequestReply.template(
            io.streamrag.kit.kafka.TopicReaders.outsideSpring(
                KAFKA.bootstrapServers(), java.time.Duration.ofSeconds(5)),
            ServiceTopics.RECOMMENDATION_REPLIES,
            "test");
    replies.start();
    replies.waitForAssignment(Duration.ofSeconds(30));
    advice =
        new RequestClient<>(
            replies, ServiceTopics.RECOMMENDATION_REQUESTS, RecommendationAnswered.class);
  }

  @AfterAll
  static void stop() {
    replies.stop();
  }

  /** The sensor's alerts since {@code from}, once {@code count} have come (at most 30 s). */
  static List<RecommendationIssued> awaitAlerts(String sensor, long from, int count) {
    return awaitAlerts(KAFKA, sensor, from, count);
  }

  /** The same, on another broker. */
  static List<RecommendationIssued> awaitAlerts(
      LocalKafka kafka, String sensor, long from, int count) {
    var alerts = new ArrayList<RecommendationIssued>();
    try (var topic =
        new TopicProbe(kafka.bootstrapServers(), ServiceTopics.SENSOR_ALERTS.name(), from)) {
      topic.await(
          r -> {
            if (r.value() instanceof RecommendationIssued a && a.getSensorUuid().equals(sensor)) {
              alerts.add(a);
            }
            return alerts.size() == count;
          },
          Duration.ofSeconds(30));
    } catch (AssertionError e) {
      // where the sensor's snapshots stand in the alert watch's group: unheld, stalled, or done
      throw new AssertionError(
          e.getMessage()
              + "\n"
              + GroupReport.of(
                  kafka.bootstrapServers(), "llm-alerts", SensorTopics.SENSOR_SNAPSHOTS.name()),
          e);
    }
    return alerts;
  }

  /** Every alert of the sensor on the topic since {@code from}, read for {@code window}. */
  static List<RecommendationIssued> alertsWithin(String sensor, long from, Duration window) {
    return alertsWithin(KAFKA, sensor, from, window);
  }

  /** The same, on another broker. */
  static List<RecommendationIssued> alertsWithin(
      LocalKafka kafka, String sensor, long from, Duration window) {
    try (var topic =
        new TopicProbe(kafka.bootstrapServers(), ServiceTopics.SENSOR_ALERTS.name(), from)) {
      return topic.drain(window).stream()
          .map(r -> r.value())
          .filter(v -> v instanceof RecommendationIssued a && a.getSensorUuid().equals(sensor))
          .map(v -> (RecommendationIssued) v)
          .toList();
    }
  }

  static JsonNode ask(String sensor, AdviceKind kind, String language) {
    var call =
        RecommendationRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setKind(kind)
            .setUserId("u")
            .setSensorUuid(sensor)
            .setPipeline("croplogic")
            .setLanguage(language)
            .setRequestedAt(Instant.now())
            .build();
    var answer = advice.call(call.getCallId(), call, Duration.ofSeconds(10));
    assertThat(answer.getError()).isNull();
    return JSON.readTree(answer.getAdviceJson());
  }

  /** A maize field on loam under drip at Tehran, a dry week ahead, soil moisture as given. */
  static SensorSnapshotUpdated snapshot(String sensor, long version, double moisture) {
    return snapshot(sensor, version, moisture, Instant.now(), ZoneId.systemDefault());
  }

  /** The same field, its moisture measured at {@code measuredAt}, its forecast in {@code zone}. */
  static SensorSnapshotUpdated snapshot(
      String sensor, long version, double moisture, Instant measuredAt, ZoneId zone) {
    Instant now = measuredAt;
    LocalDate today = LocalDate.now(zone);
    var days = new ArrayList<ForecastDay>();
    for (int d = 0; d < 5; d++) {
      days.add(new ForecastDay(today.plusDays(d).toString(), 12.0, 28.0, 0.0, null, null, 5.0));
    }
    return SensorSnapshotUpdated.newBuilder()
        .setSensorUuid(sensor)
        .setVersion(version)
        .setLastEventId("e" + version)
        .setMeasuredAt(now)
        .setReceivedAt(now)
        .setSoilMoisture(moisture)
        .setNitrogen(25.0)
        .setPhosphorus(25.0)
        .setPotassium(250.0)
        .setProfile(
            new SensorProfileUpdated(
                sensor,
                35.7,
                51.4,
                "loam",
                List.of(new DepthReading(10, moisture, null, null)),
                "maize",
                "drip",
                null,
                now.minusSeconds(3600),
                null))
        .setForecast(new ForecastUpdated(sensor, "http", days, Instant.now()))
        .setTextEn("en")
        .setTextFa("fa")
        .build();
  }
}
