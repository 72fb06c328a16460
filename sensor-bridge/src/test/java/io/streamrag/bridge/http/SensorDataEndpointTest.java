package io.streamrag.bridge.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.bridge.BridgeSteps;
import io.streamrag.kit.testing.Problems;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/** A sensor's data over HTTP against a real broker: what the caller sees, what lands on topics. */
class SensorDataEndpointTest extends BridgeIntegrationTest {

  @Autowired MeterRegistry meters;

  @Test
  void aValidReadingIsAcceptedAndPublishedKeyedByItsSensor() {
    String ts = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

    send(
            "POST",
            "/api/sensors/" + SENSOR + "/readings",
            DEVICE_TOKEN,
            "{\"ts\":\"" + ts + "\",\"soil_moisture\":12.5,\"ph\":6.8}")
        .expectStatus()
        .isAccepted()
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo("accepted")
        .jsonPath("$.event_id")
        .isNotEmpty();

    var reading = awaitReading(ts);
    assertThat(reading.getSensorUuid()).isEqualTo(SENSOR);
    assertThat(reading.getSoilMoisture()).isEqualTo(12.5);
    assertThat(reading.getPh()).isEqualTo(6.8);
    assertThat(reading.getTemperature()).isNull();
    assertThat(reading.getDeviceId()).isEqualTo("field-7");
    assertThat(reading.getTransport()).isEqualTo("http");
  }

  @Test
  void anOutOfRangeValueIsRefusedNamingTheFieldAndKeptOnTheRejectsTopicAndCounted() {
    String body = "{\"ts\":\"" + Instant.now() + "\",\"ph\":15.2}";
    var refused =
        meters.counter(
            BridgeSteps.REJECTS, "reason", "out_of_range", "kind", "reading", "transport", "http");
    double before = refused.count();

    Problems.refused(
            send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, body),
            HttpStatus.BAD_REQUEST,
            "out_of_range")
        .jsonPath("$.field")
        .isEqualTo("ph")
        .jsonPath("$.message")
        .isEqualTo("ph must be between 0 and 14 (pH), got 15.2")
        .jsonPath("$.detail")
        .isEqualTo("ph must be between 0 and 14 (pH), got 15.2")
        .jsonPath("$.status")
        .isEqualTo(400);

    var rejected =
        awaitReject(
            r ->
                r.getTransport().equals("http")
                    && r.getReasonCode().equals("out_of_range")
                    && r.getField().equals("ph"));
    assertThat(rejected.getDeviceId()).isEqualTo("field-7");
    assertThat(rejected.getSensorUuid()).isEqualTo(SENSOR);
    assertThat(rejected.getKind()).isEqualTo("reading");
    assertThat(StandardCharsets.UTF_8.decode(rejected.getRaw()).toString()).isEqualTo(body);
    assertThat(refused.count()).isEqualTo(before + 1);
  }

  @Test
  void malformedJsonIsRefusedWith400AndKept() {
    send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, "{\"ts\": oops")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("malformed");

    var rejected =
        awaitReject(
            r ->
                StandardCharsets.UTF_8
                    .decode(r.getRaw().duplicate())
                    .toString()
                    .equals("{\"ts\": oops"));
    assertThat(rejected.getReasonCode()).isEqualTo("malformed");
  }

  @Test
  void aReadingWithAKeyGivenTwiceIsRefusedWith400NamingTheKeyAndKept() {
    String body = "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":20,\"soil_moisture\":99}";

    send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, body)
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("malformed")
        .jsonPath("$.field")
        .isEqualTo("soil_moisture")
        .jsonPath("$.message")
        .isEqualTo("duplicate field 'soil_moisture'");

    var rejected =
        awaitReject(
            r -> StandardCharsets.UTF_8.decode(r.getRaw().duplicate()).toString().equals(body));
    assertThat(rejected.getReasonCode()).isEqualTo("malformed");
    assertThat(rejected.getField()).isEqualTo("soil_moisture");
    assertThat(rejected.getReason()).isEqualTo("duplicate field 'soil_moisture'");
  }

  @Test
  void noTokenIsRefusedWith401() {
    Problems.unauthenticated(
        http.post()
            .uri("/api/sensors/{s}/readings", SENSOR)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
            .exchange(),
        "unauthenticated");
  }

  @Test
  void aWrongTokenIsRefusedWith401() {
    send(
            "POST",
            "/api/sensors/" + SENSOR + "/readings",
            "not-a-device",
            "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.message")
        .isEqualTo("unknown device token");
  }

  @Test
  void aDeviceCannotPublishForAnotherSensor() {
    send(
            "POST",
            "/api/sensors/" + FOREIGN + "/readings",
            DEVICE_TOKEN,
            "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("forbidden_sensor");

    var rejected =
        awaitReject(r -> r.getTransport().equals("http") && FOREIGN.equals(r.getSensorUuid()));
    assertThat(rejected.getReasonCode()).isEqualTo("forbidden_sensor");
  }

  @Test
  void anOversizedPayloadIsRefusedWith413() {
    String big = "{\"ts\":\"" + Instant.now() + "\",\"ph\":7,\"x\":\"" + "a".repeat(5000) + "\"}";

    send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, big)
        .expectStatus()
        .isEqualTo(413)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("too_large");
  }

  @Test
  void aProfileIsAcceptedAndPublishedForItsSensor() {
    String body =
        "{\"lat\":35.7,\"lon\":51.4,\"soil_texture\":\"loam\",\"depths\":[{\"depth_cm\":10,\"soil_moisture\":19}]}";

    send("PUT", "/api/sensors/" + SENSOR + "/profile", DEVICE_TOKEN, body)
        .expectStatus()
        .isAccepted()
        .expectBody()
        .jsonPath("$.sensor_uuid")
        .isEqualTo(SENSOR);

    var profile =
        awaitRecord(
            SensorTopics.SENSOR_PROFILES.name(),
            SensorProfileUpdated.class,
            p -> p.getSensorUuid().equals(SENSOR));
    assertThat(profile.getSoilTexture()).isEqualTo("loam");
    assertThat(profile.getLatitude()).isEqualTo(35.7);
  }

  @Test
  void aForecastIsAcceptedAndABadOneIsRefusedNamingTheDay() {
    String good =
        "{\"days\":[{\"date\":\"2026-12-01\",\"t_min\":3,\"t_max\":15,\"precipitation_mm\":12.5,\"et0_mm\":1.6}]}";
    send("PUT", "/api/sensors/" + SENSOR + "/forecast", ADMIN_TOKEN, good)
        .expectStatus()
        .isAccepted();
    var forecast =
        awaitRecord(
            SensorTopics.SENSOR_FORECASTS.name(),
            ForecastUpdated.class,
            f -> f.getSensorUuid().equals(SENSOR));
    assertThat(forecast.getDays().get(0).getPrecipitationMm()).isEqualTo(12.5);

    String bad =
        "{\"days\":[{\"date\":\"2026-12-01\",\"t_min\":3,\"t_max\":15,\"precipitation_mm\":1,\"humidity\":140}]}";
    send("PUT", "/api/sensors/" + SENSOR + "/forecast", DEVICE_TOKEN, bad)
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("days[0].humidity");
    assertThat(awaitReject(r -> "forecast".equals(r.getKind())).getField())
        .isEqualTo("days[0].humidity");
  }
}
