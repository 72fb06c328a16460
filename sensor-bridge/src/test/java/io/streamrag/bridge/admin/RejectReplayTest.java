package io.streamrag.bridge.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An operator replays refused payloads once their cause is fixed; nothing refused is lost. */
class RejectReplayTest extends BridgeIntegrationTest {

  static final String LATE_SENSOR = "9b2f4d7e-1c3a-4e5b-8f6d-0a1b2c3d4e5f";

  @Test
  void aReadingRefusedForAForeignSensorIsAcceptedOnReplayOnceTheDeviceOwnsIt() {
    // Given a device that publishes for a sensor it was not yet given: 403, kept as a reject
    Instant since = Instant.now().minusMillis(5);
    String token = "replay-device-token-long-enough";
    send(
            "PUT",
            "/admin/devices/replay-1",
            ADMIN_TOKEN,
            "{\"sensors\":[\"" + SENSOR + "\"],\"token\":\"" + token + "\"}")
        .expectStatus()
        .isOk();
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    send(
            "POST",
            "/api/sensors/" + LATE_SENSOR + "/readings",
            token,
            "{\"ts\":\"" + ts + "\",\"soil_moisture\":41.5}")
        .expectStatus()
        .isForbidden();
    send(
            "POST",
            "/api/sensors/" + LATE_SENSOR + "/readings",
            "a-wrong-token",
            "{\"ts\":\"" + ts + "\",\"soil_moisture\":99}")
        .expectStatus()
        .isUnauthorized();
    awaitReject(
        r -> LATE_SENSOR.equals(r.getSensorUuid()) && "unauthenticated".equals(r.getReasonCode()));

    // When the operator gives the device that sensor and replays what was refused since then
    send(
            "PUT",
            "/admin/devices/replay-1",
            ADMIN_TOKEN,
            "{\"sensors\":[\""
                + SENSOR
                + "\",\""
                + LATE_SENSOR
                + "\"],\"token\":\""
                + token
                + "\"}")
        .expectStatus()
        .isOk();
    var summary =
        send(
                "POST",
                "/admin/rejects/replay",
                ADMIN_TOKEN,
                "{\"since\":\"" + since + "\",\"sensor_uuid\":\"" + LATE_SENSOR + "\"}")
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();

    // Then the reading reaches the readings topic with its device and time; the unauthenticated
    // payload is never replayed
    assertThat(summary.get("matched")).isEqualTo(2);
    @SuppressWarnings("unchecked")
    var outcomes = (Map<String, Object>) summary.get("outcomes");
    assertThat(outcomes).containsEntry("accepted", 1).containsEntry("skipped_unauthenticated", 1);
    var reading =
        awaitRecord(
            SensorTopics.SENSOR_READINGS.name(),
            SensorReadingReceived.class,
            r -> r.getSensorUuid().equals(LATE_SENSOR));
    assertThat(reading.getSoilMoisture()).isEqualTo(41.5);
    assertThat(reading.getDeviceId()).isEqualTo("replay-1");
    assertThat(reading.getMeasuredAt().toString()).isEqualTo(ts);
  }

  @Test
  void anObservationForAStationNotYetRegisteredIsAcceptedOnReplayOnceItIs() {
    // Given the admin posting a day for a station nobody registered yet: 404, kept
    Instant since = Instant.now().minusMillis(5);
    String station = "late-st-" + System.nanoTime();
    String date = java.time.LocalDate.now(java.time.ZoneOffset.UTC).minusDays(1).toString();
    send(
            "POST",
            "/api/stations/" + station + "/observations",
            ADMIN_TOKEN,
            "{\"date\":\""
                + date
                + "\",\"t_max\":21,\"t_min\":9,\"rh_max\":90,\"rh_min\":40,\"wind_speed\":2,"
                + "\"rain_mm\":12.5}")
        .expectStatus()
        .isNotFound();
    awaitReject(r -> station.equals(r.getStationId()));

    // When the station is registered and the operator replays its rejects
    send(
            "PUT",
            "/api/stations/" + station,
            ADMIN_TOKEN,
            "{\"lat\":35.7,\"lon\":0.5,\"elevation_m\":1200,\"time_zone\":\"UTC\"}")
        .expectStatus()
        .isCreated();
    var summary =
        send(
                "POST",
                "/admin/rejects/replay",
                ADMIN_TOKEN,
                "{\"since\":\"" + since + "\",\"station_id\":\"" + station + "\"}")
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();

    // Then the day reaches the observations topic
    @SuppressWarnings("unchecked")
    var outcomes = (Map<String, Object>) summary.get("outcomes");
    assertThat(outcomes).containsEntry("accepted", 1);
    var observed =
        awaitRecord(
            WeatherTopics.WEATHER_OBSERVATIONS.name(),
            WeatherObserved.class,
            o -> o.getStationId().equals(station));
    assertThat(observed.getObservation().toString()).contains(date).contains("12.5");
  }

  @Test
  void replayNeedsTheAdminTokenAndATime() {
    send("POST", "/admin/rejects/replay", DEVICE_TOKEN, "{\"since\":\"2026-01-01T00:00:00Z\"}")
        .expectStatus()
        .isUnauthorized();
    send("POST", "/admin/rejects/replay", ADMIN_TOKEN, "{\"since\":\"yesterday\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("since");
  }
}
