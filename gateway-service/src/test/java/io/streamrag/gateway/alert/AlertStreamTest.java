package io.streamrag.gateway.alert;

import static io.streamrag.gateway.DemoSensors.MINE;
import static io.streamrag.gateway.DemoSensors.OTHER;
import static io.streamrag.gateway.DemoSensors.SSE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.Alerts;
import io.streamrag.gateway.GatewayApplication;
import io.streamrag.gateway.Readiness;
import io.streamrag.gateway.relay.TopicFanOut;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.RecommendationIssued;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.FluxExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A sensor's alert stream against a real broker; the test publishes alerts on {@code sensor.alerts}
 * as llm-service would, and checks what the subscribed HTTP clients see.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {GatewayApplication.CONFIG_NAME, "gateway.chat.keep-alive=200ms"})
@ActiveProfiles("demo")
@AutoConfigureWebTestClient(timeout = "20s")
class AlertStreamTest {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @Autowired WebTestClient http;
  @LocalManagementPort int managementPort;
  @Autowired TopicFanOut<RecommendationIssued> alertRelay;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @BeforeEach
  void givenTheGatewayIsReady() {
    Readiness.awaitUp(managementPort);
  }

  @Test
  void aGatewayWhoseKeysHaveNoWebhookIsReadyWithoutJoiningTheWebhookGroup() throws Exception {
    // Given a ready gateway whose keys have no webhook (the demo keys)
    // Then it is in no webhook consumer group: the alerts stay for a gateway that has a webhook
    try (var admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
      assertThat(admin.listGroups().all().get())
          .extracting(GroupListing::groupId)
          .doesNotContain("gateway-webhooks");
    }
  }

  @Test
  void theOwnerGetsAnAlertForItsSensorAndNotOneForAnotherSensor() {
    // Given the farmer follows its sensor (subscribed once the response has started)
    var stream = subscribe("dev-farmer-key", MINE);
    assertThat(stream.getResponseHeaders().getCacheControl()).isEqualTo("no-cache");
    assertThat(stream.getResponseHeaders().getFirst("X-Accel-Buffering")).isEqualTo("no");
    assertThat(stream.getResponseHeaders().getContentType())
        .isNotNull()
        .matches(type -> type.isCompatibleWith(MediaType.TEXT_EVENT_STREAM));

    // When an alert is issued for another farmer's sensor, then one for this farmer's
    var foreign = Alerts.irrigationNeeded(OTHER);
    var own = Alerts.irrigationNeeded(MINE);
    KAFKA.publish(ServiceTopics.SENSOR_ALERTS.name(), OTHER, foreign);
    KAFKA.publish(ServiceTopics.SENSOR_ALERTS.name(), MINE, own);

    // Then the farmer gets its own alert only
    var alerts = alertsDuring(stream, Duration.ofSeconds(3));
    assertThat(alerts).extracting(ServerSentEvent::id).containsExactly(own.getAlertId());
    var data = alerts.get(0).data();
    assertThat(data)
        .containsEntry("alert_id", own.getAlertId())
        .containsEntry("sensor_uuid", MINE)
        .containsEntry("kind", "irrigation")
        .containsEntry("change", "irrigation_needed")
        .containsEntry("measured_at", own.getMeasuredAt().toString())
        .containsEntry("issued_at", own.getIssuedAt().toString());
    assertThat(asMap(data.get("advice")))
        .containsEntry("irrigation_needed", true)
        .containsEntry("amount_mm", 77.8);
    assertThat(asMap(data.get("reasons"))).containsOnlyKeys("fa", "ar", "en");
  }

  @Test
  void twoSubscribersOfOneSensorEachGetEveryAlert() {
    // Given two clients follow the same sensor
    var first = subscribe("dev-farmer-key", MINE);
    var second = subscribe("dev-farmer-key", MINE);

    // When two alerts are issued for it
    var one = Alerts.irrigationNeeded(MINE);
    var two = Alerts.irrigationNeeded(MINE);
    KAFKA.publish(ServiceTopics.SENSOR_ALERTS.name(), MINE, one);
    KAFKA.publish(ServiceTopics.SENSOR_ALERTS.name(), MINE, two);

    // Then each client gets both, in order
    for (var stream : List.of(first, second)) {
      assertThat(firstAlerts(stream, 2))
          .extracting(ServerSentEvent::id)
          .containsExactly(one.getAlertId(), two.getAlertId());
    }
  }

  @Test
  void heartbeatsKeepAnIdleStreamOpen() {
    // Given a subscription with no alerts, when a second passes
    var events =
        subscribe("dev-other-key", OTHER)
            .getResponseBody()
            .take(Duration.ofSeconds(1))
            .collectList()
            .block(Duration.ofSeconds(10));

    // Then it began with the subscribed comment and sent a keep-alive comment every 200 ms
    assertThat(events.get(0).comment()).isEqualTo("subscribed");
    assertThat(events).filteredOn(e -> "keep-alive".equals(e.comment())).hasSizeGreaterThan(2);
  }

  @Test
  void aSubscriberThatLeavesIsRemoved() {
    // Given a client that followed a sensor and has gone
    subscribe("dev-other-key", OTHER).getResponseBody().take(1).blockLast(Duration.ofSeconds(10));

    // Then its subscription is dropped
    await().atMost(Duration.ofSeconds(10)).until(() -> alertRelay.openSubscriptions() == 0);
  }

  @Test
  void aForeignKeyIs403AndNoKeyIs401() {
    http.get()
        .uri("/api/sensors/" + OTHER + "/events")
        .header("Authorization", "Bearer dev-farmer-key")
        .exchange()
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("forbidden_sensor");
    http.get().uri("/api/sensors/" + MINE + "/events").exchange().expectStatus().isUnauthorized();
  }

  private FluxExchangeResult<ServerSentEvent<Map<String, Object>>> subscribe(
      String key, String sensor) {
    return http.get()
        .uri("/api/sensors/" + sensor + "/events")
        .header("Authorization", "Bearer " + key)
        .accept(MediaType.TEXT_EVENT_STREAM)
        .exchange()
        .expectStatus()
        .isOk()
        .returnResult(SSE);
  }

  private static List<ServerSentEvent<Map<String, Object>>> alertsDuring(
      FluxExchangeResult<ServerSentEvent<Map<String, Object>>> stream, Duration during) {
    return stream
        .getResponseBody()
        .take(during)
        .filter(e -> "alert".equals(e.event()))
        .collectList()
        .block(during.plusSeconds(10));
  }

  private static List<ServerSentEvent<Map<String, Object>>> firstAlerts(
      FluxExchangeResult<ServerSentEvent<Map<String, Object>>> stream, int count) {
    return stream
        .getResponseBody()
        .filter(e -> "alert".equals(e.event()))
        .take(count)
        .collectList()
        .block(Duration.ofSeconds(15));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object json) {
    return (Map<String, Object>) json;
  }
}
