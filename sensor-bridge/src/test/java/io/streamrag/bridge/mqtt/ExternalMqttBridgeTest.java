package io.streamrag.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;
import io.streamrag.bridge.SensorBridgeApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Properties;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * sensor-bridge in {@code external} mode: it subscribes to another MQTT broker (here a separate
 * Moquette, a real broker over TCP, standing for Mosquitto or EMQX) and relays what devices publish
 * there to Kafka.
 */
@SpringBootTest(
    classes = SensorBridgeApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      SensorBridgeApplication.CONFIG_NAME,
      "bridge.mqtt.mode=external",
      "bridge.mqtt.client-id=bridge-under-test"
    })
class ExternalMqttBridgeTest {

  static final String SENSOR = "9b2c4f7e-3a1d-4e5f-8a6b-7c8d9e0f1a2b";
  static final int PORT = freePort();
  static final Server EXTERNAL = start(PORT);

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
    registry.add("bridge.mqtt.url", () -> "tcp://127.0.0.1:" + PORT);
  }

  @AfterAll
  static void stopExternal() {
    EXTERNAL.stopServer();
  }

  @Test
  void aReadingPublishedOnTheExternalBrokerReachesKafka() throws Exception {
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();

    publish("sensors/" + SENSOR + "/readings", "{\"ts\":\"" + ts + "\",\"soil_moisture\":31.5}");

    try (var readings =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), SensorTopics.SENSOR_READINGS.name())) {
      var reading =
          (SensorReadingReceived)
              readings
                  .await(
                      r ->
                          r.value() instanceof SensorReadingReceived s
                              && s.getMeasuredAt().toString().equals(ts),
                      Duration.ofSeconds(15))
                  .value();
      assertThat(reading.getSoilMoisture()).isEqualTo(31.5);
      assertThat(reading.getTransport()).isEqualTo("mqtt");
      assertThat(reading.getDeviceId()).isEqualTo("mqtt:127.0.0.1");
    }
  }

  @Test
  void aBadPayloadFromTheExternalBrokerIsKeptAsAReject() throws Exception {
    publish("sensors/" + SENSOR + "/readings", "{\"ts\":\"" + Instant.now() + "\",\"ph\":-1}");

    try (var rejects =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), SensorTopics.READINGS_REJECTED.name())) {
      var rejected =
          (ReadingRejected)
              rejects
                  .await(
                      r ->
                          r.value() instanceof ReadingRejected rr
                              && SENSOR.equals(rr.getSensorUuid()),
                      Duration.ofSeconds(15))
                  .value();
      assertThat(rejected.getField()).isEqualTo("ph");
      assertThat(rejected.getTransport()).isEqualTo("mqtt");
    }
  }

  private static void publish(String topic, String payload) throws Exception {
    var device =
        new MqttClient(
            "tcp://127.0.0.1:" + PORT, "device-" + System.nanoTime(), new MemoryPersistence());
    device.connect();
    device.publish(topic, payload.getBytes(StandardCharsets.UTF_8), 1, false);
    device.disconnect();
    device.close();
  }

  private static Server start(int port) {
    var props = new Properties();
    props.setProperty("host", "127.0.0.1");
    props.setProperty("port", String.valueOf(port));
    props.setProperty("allow_anonymous", "true");
    props.setProperty("persistence_enabled", "false");
    props.setProperty("telemetry_enabled", "false");
    props.setProperty("buffer_flush_millis", "immediate");
    var server = new Server();
    try {
      server.startServer(new MemoryConfig(props));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return server;
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
