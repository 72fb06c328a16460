package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * llm-service's recommendations against a real broker: the agronomy tables published on the KB
 * configs, a sensor's snapshot on its topic; a recommendation asked over Kafka is computed from
 * them, and a reading that makes irrigation needed publishes one alert, not one per reading.
 */
class RecommendationServiceTest extends AdviceOnBroker {

  @Test
  void anIrrigationRecommendationIsComputedFromTheSensorsSnapshotAndTheTables() {
    String sensor = UUID.randomUUID().toString();
    KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), sensor, snapshot(sensor, 1, 14.0));

    JsonNode body =
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> ask(sensor, AdviceKind.IRRIGATION, "en"),
                b -> b.get("inputs").has("parameters"));

    assertThat(body.get("irrigation_needed").asBoolean()).isTrue();
    assertThat(body.get("amount_mm").asDouble()).isPositive();
    assertThat(body.get("reason").asString()).contains("maize");
    assertThat(body.get("raw_response").isNull()).isTrue();
    assertThat(body.get("missing")).isEmpty();
    assertThat(body.get("method").asString()).contains("FAO-56");
  }

  @Test
  void aFieldWithoutAProfileGetsTheExactListOfWhatIsMissingInItsLanguage() {
    String sensor = UUID.randomUUID().toString();
    var bare = SensorSnapshotUpdated.newBuilder(snapshot(sensor, 1, 14.0)).setProfile(null).build();
    KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), sensor, bare);

    JsonNode body =
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> ask(sensor, AdviceKind.IRRIGATION, "fa"), b -> !b.get("missing").isEmpty());

    assertThat(body.get("irrigation_needed").isNull()).isTrue();
    assertThat(body.get("missing").toString()).contains("crop").contains("soil_texture");
  }

  @Test
  void aReadingThatMakesIrrigationNeededAlertsOnceNotOncePerReading() {
    String sensor = UUID.randomUUID().toString();
    long from = System.currentTimeMillis();
    // wet, then dry twice, then wet, then dry again
    double[] moisture = {30.0, 14.0, 13.0, 30.0, 12.0};
    for (int v = 0; v < moisture.length; v++) {
      KAFKA.publish(
          SensorTopics.SENSOR_SNAPSHOTS.name(), sensor, snapshot(sensor, v + 1, moisture[v]));
    }

    awaitAlerts(sensor, from, 2);
    // then every alert of the sensor on the topic, read again after 2 s more: no third one
    var alerts = alertsWithin(sensor, from, Duration.ofSeconds(4));

    assertThat(alerts)
        .extracting(RecommendationIssued::getChange)
        .containsExactly("irrigation_needed", "irrigation_needed");
    assertThat(alerts).extracting(RecommendationIssued::getSnapshotVersion).containsExactly(2L, 5L);
    assertThat(alerts.get(0).getReasons()).containsKeys("fa", "ar", "en");
    assertThat(alerts.get(0).getReasons().get("fa")).contains("ذرت");
  }

  @Test
  void aRecordThatIsNotASnapshotIsDeadLetteredAndTheSensorsNextSnapshotStillAlerts() {
    // Given something that is not a snapshot on sensor.snapshots, then a dry field's snapshot
    String sensor = UUID.randomUUID().toString();
    long from = System.currentTimeMillis();
    byte[] garbage = "not a snapshot".getBytes(StandardCharsets.UTF_8);
    KAFKA.publishRaw(SensorTopics.SENSOR_SNAPSHOTS.name(), sensor, garbage);
    KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), sensor, snapshot(sensor, 1, 12.0));

    // Then the snapshot alerts: the bad record did not stall the alert watch
    assertThat(awaitAlerts(sensor, from, 1))
        .extracting(RecommendationIssued::getChange)
        .containsExactly("irrigation_needed");
    // and the bad record is on dlq.llm.alerts as it was, naming the group and the reason
    try (var deadLetters =
        new TopicProbe(KAFKA.bootstrapServers(), DeadLetterTopics.DLQ_LLM_ALERTS.name())) {
      var dead = deadLetters.await(r -> sensor.equals(r.key()), Duration.ofSeconds(30));
      assertThat(dead.raw()).isEqualTo(garbage);
      assertThat(dead.headers())
          .containsEntry("kafka_dlt-original-topic", SensorTopics.SENSOR_SNAPSHOTS.name())
          .containsEntry("kafka_dlt-original-consumer-group", "llm-alerts")
          .containsKey("kafka_dlt-exception-message");
    }
  }
}
