package io.streamrag.gateway.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.Alerts;
import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.serde.AvroSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhook delivery against a real broker and real HTTP: the test publishes alerts on {@code
 * sensor.alerts} as llm-service would, and is each farmer's webhook ({@link WebhookReceiver}).
 * Retries are short here: 4 attempts, 100, 200 and 400 ms apart.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "spring.cloud.stream.bindings." + WebhookWiring.BINDING + ".group=gateway-webhooks-test",
      "gateway.webhooks.attempts=4",
      "gateway.webhooks.initial-interval=100ms",
      "gateway.webhooks.multiplier=2",
      "gateway.webhooks.max-interval=400ms",
      "gateway.webhooks.timeout=1s"
    })
class WebhookDeliveryTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final WebhookReceiver RECEIVER =
      WebhookReceiver.start().failFirst("/flaky", 2).failFirst("/shared-flaky", 2).hold("/hanging");
  static final String ALERTS = ServiceTopics.SENSOR_ALERTS.name();

  static final String SENSOR_OK = UUID.randomUUID().toString();
  static final String SENSOR_FLAKY = UUID.randomUUID().toString();
  static final String SENSOR_DOWN = UUID.randomUUID().toString();
  static final String SENSOR_SHARED = UUID.randomUUID().toString();
  static final String SENSOR_SLOW = UUID.randomUUID().toString();

  final JsonMapper json = JsonMapper.builder().build();

  @DynamicPropertySource
  static void keysWithWebhooks(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
    key(registry, 0, "hook-ok", SENSOR_OK, RECEIVER.url("/ok"), "ok-secret");
    key(registry, 1, "hook-flaky", SENSOR_FLAKY, RECEIVER.url("/flaky"), "flaky-secret");
    key(registry, 2, "hook-down", SENSOR_DOWN, WebhookReceiver.nowhere(), "down-secret");
    // two keys that own one sensor: a retry for one must not resend to the other
    key(registry, 3, "hook-shared-ok", SENSOR_SHARED, RECEIVER.url("/shared-ok"), "s1");
    key(registry, 4, "hook-shared-flaky", SENSOR_SHARED, RECEIVER.url("/shared-flaky"), "s2");
    // a receiver that hangs, and another key's, for the same sensor: the hanging one first
    key(registry, 5, "hook-hanging", SENSOR_SLOW, RECEIVER.url("/hanging"), "s3");
    key(registry, 6, "hook-beside", SENSOR_SLOW, RECEIVER.url("/beside"), "s4");
  }

  static void key(
      DynamicPropertyRegistry registry,
      int i,
      String user,
      String sensor,
      String url,
      String secret) {
    String key = "gateway.api-keys[" + i + "].";
    registry.add(key + "user", () -> user);
    registry.add(key + "key-sha256", () -> Sha256.hex(user + "-key"));
    registry.add(key + "sensors[0]", () -> sensor);
    registry.add(key + "webhook.url", () -> url);
    registry.add(key + "webhook.secret", () -> secret);
  }

  @AfterAll
  static void stopReceiver() {
    RECEIVER.release("/hanging");
    RECEIVER.close();
  }

  @Test
  void aHangingReceiverHoldsUpOnlyItsOwnAlerts() {
    // Given a webhook that never answers (each attempt times out after 1 s, four attempts), when
    // two alerts are issued for a sensor it shares with another key's webhook
    var first = Alerts.irrigationNeeded(SENSOR_SLOW);
    var second = Alerts.irrigationNeeded(SENSOR_SLOW);
    KAFKA.publish(ALERTS, SENSOR_SLOW, first);
    KAFKA.publish(ALERTS, SENSOR_SLOW, second);

    // Then the other webhook gets both while the first alert is still being retried for the
    // hanging one: it is not dead-lettered yet (on the consumer thread, the second alert waited
    // for the first's every attempt and its dead letter)
    try (var deadLetters =
        new TopicProbe(KAFKA.bootstrapServers(), DeadLetterTopics.DLQ_GATEWAY_WEBHOOKS.name())) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> RECEIVER.attempts("/beside", second.getAlertId()).size() == 1);
      assertThat(RECEIVER.attempts("/beside", first.getAlertId())).hasSize(1);
      assertThat(deadLetters.drain(Duration.ofMillis(500)))
          .noneMatch(r -> SENSOR_SLOW.equals(r.key()));
      // and the hanging one's alerts end as dead letters, naming it: nothing is lost
      var dead = deadLetters.await(r -> SENSOR_SLOW.equals(r.key()), Duration.ofSeconds(30));
      assertThat(dead.headers()).containsEntry(WebhookFailed.PENDING_HEADER, "hook-hanging");
    }
  }

  @Test
  void anAlertIsPostedToTheWebhookOfTheKeyThatOwnsItsSensorSignedOverTimestampAndBody() {
    // When an alert is issued for the sensor of a key with a webhook
    var alert = Alerts.irrigationNeeded(SENSOR_OK);
    KAFKA.publish(ALERTS, SENSOR_OK, alert);

    // Then its webhook receives it once
    var delivery =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> RECEIVER.attempts("/ok", alert.getAlertId()), a -> a.size() == 1)
            .get(0);
    // signed: HMAC-SHA256 under the key's secret of "<timestamp>.<body>"
    String timestamp = delivery.header("X-Streamrag-Timestamp");
    assertThat(delivery.header("X-Streamrag-Signature"))
        .isEqualTo("sha256=" + hmacHex("ok-secret", timestamp + ".", delivery.body()));
    assertThat(Long.parseLong(timestamp)).isCloseTo(Instant.now().getEpochSecond(), within(60L));
    assertThat(delivery.header("Content-Type")).startsWith("application/json");
    // carrying the alert with its advice as computed
    var body = json.readTree(delivery.body());
    assertThat(body.get("alert_id").asString()).isEqualTo(alert.getAlertId());
    assertThat(body.get("sensor_uuid").asString()).isEqualTo(SENSOR_OK);
    assertThat(body.get("kind").asString()).isEqualTo("irrigation");
    assertThat(body.get("advice").get("amount_mm").asDouble()).isEqualTo(77.8);
    assertThat(body.get("reasons").get("en").asString()).contains("77.8 mm");
  }

  @Test
  void aWebhookThatFailsTwiceIsRetriedAndGetsTheAlertOnce() {
    // Given a webhook that answers 503 twice, when an alert is issued for its sensor
    var alert = Alerts.irrigationNeeded(SENSOR_FLAKY);
    KAFKA.publish(ALERTS, SENSOR_FLAKY, alert);

    // Then it is tried three times and gets it on the third, and no more attempts follow
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> RECEIVER.attempts("/flaky", alert.getAlertId()).size() == 3);
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> RECEIVER.attempts("/flaky", alert.getAlertId()).size() == 3);
    assertThat(RECEIVER.attempts("/flaky", alert.getAlertId()))
        .extracting(WebhookReceiver.Attempt::status)
        .containsExactly(503, 503, 204);
  }

  @Test
  void aRetryForOneKeyDoesNotResendToTheKeyThatAlreadyGotIt() {
    // Given two keys own one sensor, and the webhook of the second fails twice
    var alert = Alerts.irrigationNeeded(SENSOR_SHARED);

    // When an alert is issued for that sensor
    KAFKA.publish(ALERTS, SENSOR_SHARED, alert);

    // Then the second gets it on its third attempt, and the first got it once
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                RECEIVER.attempts("/shared-flaky", alert.getAlertId()).stream()
                    .anyMatch(a -> a.status() == 204));
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> RECEIVER.attempts("/shared-ok", alert.getAlertId()).size() == 1);
    assertThat(RECEIVER.attempts("/shared-flaky", alert.getAlertId())).hasSize(3);
  }

  @Test
  void aWebhookThatStaysDownEndsOnTheDeadLetterTopicWithTheOriginalBytesAndTheError() {
    // Given a key whose webhook is down, when an alert is issued for its sensor, in a trace
    var alert = Alerts.irrigationNeeded(SENSOR_DOWN);
    byte[] original = new AvroSerializer().serialize(ALERTS, alert);
    String trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    KAFKA.publish(
        new ProducerRecord<>(
            ALERTS,
            null,
            SENSOR_DOWN,
            alert,
            List.of(new RecordHeader("traceparent", trace.getBytes(StandardCharsets.UTF_8)))));

    // Then after its retries the alert is on dlq.gateway.webhooks, in its trace: nothing is lost
    try (var deadLetters =
        new TopicProbe(KAFKA.bootstrapServers(), DeadLetterTopics.DLQ_GATEWAY_WEBHOOKS.name())) {
      var dead = deadLetters.await(r -> SENSOR_DOWN.equals(r.key()), Duration.ofSeconds(30));
      assertThat(dead.raw()).isEqualTo(original);
      assertThat(dead.headers())
          .containsEntry("kafka_dlt-original-topic", ALERTS)
          .containsEntry("kafka_dlt-original-consumer-group", "gateway-webhooks-test")
          .containsEntry(WebhookFailed.PENDING_HEADER, "hook-down")
          .containsEntry("traceparent", trace)
          .containsKeys(
              "kafka_dlt-exception-fqcn",
              "kafka_dlt-exception-cause-fqcn",
              "kafka_dlt-exception-message");
      assertThat(dead.headers().get("kafka_dlt-exception-stacktrace"))
          .contains("alert " + alert.getAlertId() + " not delivered to hook-down");
    }
  }

  @Test
  void anUnreadableAlertIsDeadLetteredWithItsBytes() {
    // When something that is not an alert is written to sensor.alerts
    String key = UUID.randomUUID().toString();
    byte[] garbage = "not an alert".getBytes(StandardCharsets.UTF_8);
    KAFKA.publishRaw(ALERTS, key, garbage);

    // Then it is dead-lettered as it was, with the reason
    try (var deadLetters =
        new TopicProbe(KAFKA.bootstrapServers(), DeadLetterTopics.DLQ_GATEWAY_WEBHOOKS.name())) {
      var dead = deadLetters.await(r -> key.equals(r.key()), Duration.ofSeconds(30));
      assertThat(dead.raw()).isEqualTo(garbage);
      assertThat(dead.headers().get("kafka_dlt-exception-message")).contains("not an alert");
    }
  }

  private static String hmacHex(String secret, String prefix, byte[] body) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update(prefix.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
