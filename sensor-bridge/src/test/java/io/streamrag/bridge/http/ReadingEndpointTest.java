package io.streamrag.bridge.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.SensorBridgeApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * sensor-bridge over HTTP against a real Kafka broker: what firmware sees, what lands on topics.
 */
@SpringBootTest(
    classes = SensorBridgeApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      SensorBridgeApplication.CONFIG_NAME,
      "bridge.devices[0].id=field-7",
      // sha256("field-7-token")
      "bridge.devices[0].token-sha256=752834d5ea7680425f803327d7486205d63e248548300ed445a8d83545544f8d",
      "bridge.devices[0].sensors[0]=" + ReadingEndpointTest.SENSOR
    })
@AutoConfigureWebTestClient
class ReadingEndpointTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final String FOREIGN = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();

  @Autowired WebTestClient http;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.cloud.stream.kafka.binder.brokers", KAFKA::bootstrapServers);
  }

  @AfterAll
  static void stopKafka() {
    KAFKA.close();
  }

  @Test
  void aValidReadingIsAcceptedAndPublishedKeyedByItsSensor() {
    String ts = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

    post(SENSOR, "field-7-token", "{\"ts\":\"" + ts + "\",\"soil_moisture\":12.5,\"ph\":6.8}")
        .expectStatus()
        .isAccepted()
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo("accepted")
        .jsonPath("$.event_id")
        .isNotEmpty();

    try (var readings = new TopicProbe(KAFKA.bootstrapServers(), Topics.SENSOR_READINGS.name())) {
      var record =
          readings.await(
              r ->
                  r.value() instanceof SensorReadingReceived s
                      && s.getMeasuredAt().toString().equals(ts),
              Duration.ofSeconds(10));
      var reading = (SensorReadingReceived) record.value();
      assertThat(record.key()).isEqualTo(SENSOR);
      assertThat(reading.getSoilMoisture()).isEqualTo(12.5);
      assertThat(reading.getPh()).isEqualTo(6.8);
      assertThat(reading.getTemperature()).isNull();
      assertThat(reading.getDeviceId()).isEqualTo("field-7");
      assertThat(reading.getTransport()).isEqualTo("http");
    }
  }

  @Test
  void anOutOfRangeValueIsRefusedNamingTheFieldAndKeptOnTheRejectsTopic() {
    String body = "{\"ts\":\"" + Instant.now() + "\",\"ph\":15.2}";

    post(SENSOR, "field-7-token", body)
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("out_of_range")
        .jsonPath("$.field")
        .isEqualTo("ph")
        .jsonPath("$.message")
        .isEqualTo("ph must be between 0 and 14 (pH), got 15.2");

    var rejected = awaitReject(r -> r.getReasonCode().equals("out_of_range"));
    assertThat(rejected.getField()).isEqualTo("ph");
    assertThat(rejected.getDeviceId()).isEqualTo("field-7");
    assertThat(rejected.getSensorUuid()).isEqualTo(SENSOR);
    assertThat(StandardCharsets.UTF_8.decode(rejected.getRaw()).toString()).isEqualTo(body);
  }

  @Test
  void malformedJsonIsRefusedWith400AndKept() {
    post(SENSOR, "field-7-token", "{\"ts\": oops")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("malformed");

    var rejected = awaitReject(r -> r.getReasonCode().equals("malformed"));
    assertThat(StandardCharsets.UTF_8.decode(rejected.getRaw()).toString())
        .isEqualTo("{\"ts\": oops");
  }

  @Test
  void noTokenIsRefusedWith401() {
    http.post()
        .uri("/api/sensors/{s}/readings", SENSOR)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .exchange()
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .valueEquals("WWW-Authenticate", "Bearer")
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("unauthenticated");
  }

  @Test
  void aWrongTokenIsRefusedWith401() {
    post(SENSOR, "not-a-device", "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .expectStatus()
        .isUnauthorized()
        .expectBody()
        .jsonPath("$.message")
        .isEqualTo("unknown device token");
  }

  @Test
  void aDeviceCannotPublishForAnotherSensor() {
    post(FOREIGN, "field-7-token", "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("forbidden_sensor");

    var rejected = awaitReject(r -> r.getReasonCode().equals("forbidden_sensor"));
    assertThat(rejected.getSensorUuid()).isEqualTo(FOREIGN);
  }

  @Test
  void anOversizedPayloadIsRefusedWith413() {
    String big = "{\"ts\":\"" + Instant.now() + "\",\"ph\":7,\"x\":\"" + "a".repeat(5000) + "\"}";

    post(SENSOR, "field-7-token", big)
        .expectStatus()
        .isEqualTo(413)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("too_large");
  }

  private WebTestClient.ResponseSpec post(String sensor, String token, String body) {
    return http.post()
        .uri("/api/sensors/{s}/readings", sensor)
        .header("Authorization", "Bearer " + token)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  private ReadingRejected awaitReject(java.util.function.Predicate<ReadingRejected> match) {
    try (var rejects = new TopicProbe(KAFKA.bootstrapServers(), Topics.READINGS_REJECTED.name())) {
      return (ReadingRejected)
          rejects
              .await(
                  r -> r.value() instanceof ReadingRejected rr && match.test(rr),
                  Duration.ofSeconds(10))
              .value();
    }
  }
}
