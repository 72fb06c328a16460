package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.FieldWeather;
import io.streamrag.schemas.weather.StationDay;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The field's weather station in its recommendations and alerts: the balance counts the rain and
 * ET0 observed since the moisture reading, the inputs show the station's days beside the forecast,
 * and observed rain that makes a pending irrigation unnecessary sends an alert. The field (see
 * {@link AdviceOnBroker#snapshot}): θ 20 % read yesterday at 06:00 UTC, Dr 50 mm; forecast ET0 5
 * mm, RAW 66.3 mm, reached on the third day without rain.
 */
class ObservedWeatherAdviceTest extends AdviceOnBroker {

  static final LocalDate YESTERDAY = LocalDate.now(ZoneOffset.UTC).minusDays(1);
  static final Instant READ = YESTERDAY.atTime(6, 0).toInstant(ZoneOffset.UTC);

  @Test
  void theRecommendationCountsYesterdaysRainAtTheStationAndShowsItsDays() {
    String sensor = UUID.randomUUID().toString();
    publish(withStation(field(sensor, 1), 40.0));

    JsonNode body =
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> ask(sensor, AdviceKind.IRRIGATION, "en"),
                b -> b.get("inputs").get("station").isObject());

    // Peff 0.8 × 40 = 32, ETc 1.2 × 3 = 3.6: Dr 50 → 21.6, below RAW through the forecast
    assertThat(body.get("irrigation_needed").asBoolean()).isFalse();
    var inputs = body.get("inputs");
    assertThat(inputs.get("parameters").get("depletion_at_reading_mm").asDouble()).isEqualTo(50);
    assertThat(inputs.get("parameters").get("depletion_mm").asDouble()).isEqualTo(21.6);
    assertThat(inputs.get("station").get("name").asString()).isEqualTo("Varamin farm");
    assertThat(inputs.get("station").get("counted").asBoolean()).isTrue();
    var yesterday = inputs.get("observed").get(0);
    assertThat(yesterday.get("date").asString()).isEqualTo(YESTERDAY.toString());
    assertThat(yesterday.get("rain_mm").asDouble()).isEqualTo(40);
    assertThat(yesterday.get("et0_mm").asDouble()).isEqualTo(3);
    assertThat(yesterday.get("source").asString()).isEqualTo("station:demo-station");
    assertThat(inputs.get("forecast").get(0).get("source").asString()).isEqualTo("forecast");
    assertThat(body.get("reason").asString())
        .contains("weather station Varamin farm observed 40 mm");
  }

  @Test
  void rainObservedAfterADryReadingAlertsThatThePlannedIrrigationIsUnnecessary() {
    String sensor = UUID.randomUUID().toString();
    long from = System.currentTimeMillis();

    publish(field(sensor, 1)); // dry: irrigation needed on the third day
    publish(withStation(field(sensor, 2), 40.0)); // then the station reports yesterday's rain

    var alerts = awaitAlerts(sensor, from, 2);
    assertThat(alerts)
        .extracting(RecommendationIssued::getChange)
        .containsExactly("irrigation_needed", "irrigation_unnecessary_after_rain");
    var cancel = alerts.get(1);
    assertThat(cancel.getReasons().get("en"))
        .startsWith(
            "The 40 mm of rain observed at weather station Varamin farm makes the planned"
                + " irrigation unnecessary. ");
    assertThat(cancel.getReasons().get("fa")).startsWith("40 میلی‌متر بارانی که ایستگاه هواشناسی");
    assertThat(cancel.getReasons().get("ar")).contains("(40 ملم)");
    assertThat(cancel.getAdviceJson()).contains("\"irrigation_needed\":false");
  }

  @Test
  void rainTooLightToChangeTheDecisionSendsNoCancellation() {
    String sensor = UUID.randomUUID().toString();
    long from = System.currentTimeMillis();

    publish(field(sensor, 1));
    publish(withStation(field(sensor, 2), 2.0));
    publish(field(sensor, 3)); // a marker: its (no) alert comes after any for version 2

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> ask(sensor, AdviceKind.IRRIGATION, "en"), b -> true);
    try (var topic =
        new TopicProbe(KAFKA.bootstrapServers(), ServiceTopics.SENSOR_ALERTS.name(), from)) {
      var mine =
          topic.drain(Duration.ofSeconds(5)).stream()
              .filter(
                  r ->
                      r.value() instanceof RecommendationIssued a
                          && a.getSensorUuid().equals(sensor))
              .map(r -> ((RecommendationIssued) r.value()).getChange())
              .toList();
      assertThat(mine).containsExactly("irrigation_needed");
    }
  }

  private static SensorSnapshotUpdated field(String sensor, long version) {
    return snapshot(sensor, version, 20.0, READ, ZoneOffset.UTC);
  }

  private static SensorSnapshotUpdated withStation(SensorSnapshotUpdated s, double rainYesterday) {
    var yesterday =
        new StationDay(
            YESTERDAY.toString(),
            16.0,
            4.0,
            90.0,
            40.0,
            2.0,
            9.0,
            rainYesterday,
            3.0,
            "penman-monteith",
            true,
            86_400,
            1);
    return SensorSnapshotUpdated.newBuilder(s)
        .setWeather(
            new FieldWeather(
                "demo-station",
                "Varamin farm",
                2.1,
                "nearest",
                "UTC",
                List.of(yesterday),
                Instant.now()))
        .build();
  }

  private static void publish(SensorSnapshotUpdated s) {
    KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), s.getSensorUuid(), s);
  }
}
