package io.streamrag.bridge;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Duration;
import java.util.function.Predicate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * sensor-bridge with a real broker, HTTP on a random port and its embedded MQTT broker on another,
 * shared by the test classes that extend this one. Device {@code field-7} (token {@code
 * field-7-token}) owns {@link #SENSOR}; the admin token is {@code test-admin-token}.
 */
@SpringBootTest(
    classes = SensorBridgeApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      SensorBridgeApplication.CONFIG_NAME,
      "bridge.mqtt.mode=embedded",
      "bridge.mqtt.host=127.0.0.1",
      "bridge.mqtt.port=0"
    })
// the default 5 s per exchange is too short for a loaded 2-core CI machine (seen: a device
// registration timing out at load 17)
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class BridgeIntegrationTest {

  public static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  public static final String FOREIGN = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  public static final String DEVICE_TOKEN = "field-7-token";
  public static final String ADMIN_TOKEN = "test-admin-token";
  protected static final Duration WAIT = Duration.ofSeconds(15);

  @Autowired protected WebTestClient http;

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
    // An indexed list binds from one property source: the whole device is declared here.
    registry.add("bridge.devices[0].id", () -> "field-7");
    registry.add("bridge.devices[0].sensors[0]", () -> SENSOR);
    registry.add("bridge.devices[0].token-sha256", () -> Sha256.hex(DEVICE_TOKEN));
    registry.add("bridge.admin.token-sha256", () -> Sha256.hex(ADMIN_TOKEN));
  }

  protected static String brokers() {
    return LocalKafka.shared().bootstrapServers();
  }

  protected WebTestClient.ResponseSpec send(String method, String path, String token, String body) {
    var request = method.equals("PUT") ? http.put() : http.post();
    var spec = request.uri(path).contentType(MediaType.APPLICATION_JSON);
    if (token != null) {
      spec = spec.header("Authorization", "Bearer " + token);
    }
    return spec.bodyValue(body).exchange();
  }

  /** The next reject on the rejects topic that matches. */
  protected static ReadingRejected awaitReject(Predicate<ReadingRejected> match) {
    try (var rejects = new TopicProbe(brokers(), SensorTopics.READINGS_REJECTED.name())) {
      return (ReadingRejected)
          rejects
              .await(r -> r.value() instanceof ReadingRejected rr && match.test(rr), WAIT)
              .value();
    }
  }

  /** The reading published for the payload measured at {@code measuredAt} (ISO-8601). */
  protected static SensorReadingReceived awaitReading(String measuredAt) {
    return awaitRecord(
        SensorTopics.SENSOR_READINGS.name(),
        SensorReadingReceived.class,
        r -> r.getMeasuredAt().toString().equals(measuredAt));
  }

  /** The first record of a topic whose value matches. */
  protected static <T> T awaitRecord(String topic, Class<T> type, Predicate<T> match) {
    try (var probe = new TopicProbe(brokers(), topic)) {
      return type.cast(
          probe
              .await(r -> type.isInstance(r.value()) && match.test(type.cast(r.value())), WAIT)
              .value());
    }
  }
}
