package io.streamrag.bridge.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.SensorReadingReceived;
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
            Topics.SENSOR_READINGS.name(),
            SensorReadingReceived.class,
            r -> r.getSensorUuid().equals(LATE_SENSOR));
    assertThat(reading.getSoilMoisture()).isEqualTo(41.5);
    assertThat(reading.getDeviceId()).isEqualTo("replay-1");
    assertThat(reading.getMeasuredAt().toString()).isEqualTo(ts);
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
