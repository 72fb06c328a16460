package io.streamrag.bridge;

import io.streamrag.kafkalocal.LocalKafka;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * sensor-bridge on the shared broker without HTTP or MQTT, as a poller's test starts it: the test
 * turns its poller on ({@code @TestPropertySource}) and points it at its fake API.
 */
@SpringBootTest(
    classes = SensorBridgeApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {SensorBridgeApplication.CONFIG_NAME, "bridge.mqtt.mode=off"})
public abstract class PollerContext {

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
  }
}
