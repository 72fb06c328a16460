package io.streamrag.bridge.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.bridge.mqtt.EmbeddedMqttBroker;
import io.streamrag.kit.testing.Problems;
import java.time.Instant;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Requests without a valid token are limited per address before their token or body is looked at:
 * here three a minute. The fourth is 429, and then the address waits whatever it sends. MQTT
 * connections are limited per address before the broker sees them: here two a minute.
 */
@TestPropertySource(
    properties = {
      "bridge.intake.unauthenticated-per-minute=3",
      "bridge.intake.mqtt-connects-per-minute=2"
    })
class AddressLimitTest extends BridgeIntegrationTest {

  @Autowired EmbeddedMqttBroker broker;

  @Test
  void anAddressOpensAtMostItsMqttConnectionsAMinute() throws Exception {
    connect("first").disconnect();
    connect("second").disconnect();
    // the third is closed before the broker reads a byte, valid password or not
    assertThatThrownBy(() -> connect("third")).isInstanceOf(MqttException.class);
  }

  private MqttClient connect(String id) throws MqttException {
    var client = new MqttClient("tcp://127.0.0.1:" + broker.port(), id, new MemoryPersistence());
    var options = new MqttConnectOptions();
    options.setUserName("field-7");
    options.setPassword(DEVICE_TOKEN.toCharArray());
    options.setConnectionTimeout(5);
    client.connect(options);
    return client;
  }

  @Test
  void anAddressThatSpendsItsTriesWithoutAValidTokenWaits() {
    String reading = "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}";
    String path = "/api/sensors/" + SENSOR + "/readings";
    // a device with its token is not counted, nor a weather station with its own
    send("POST", path, DEVICE_TOKEN, reading).expectStatus().isAccepted();
    String station = "limits-" + System.nanoTime();
    String stationToken =
        send(
                "PUT",
                "/api/stations/" + station,
                ADMIN_TOKEN,
                "{\"lat\":35,\"lon\":51,\"elevation_m\":1000}")
            .expectStatus()
            .isCreated()
            .expectBody(JsonNode.class)
            .returnResult()
            .getResponseBody()
            .get("token")
            .asString();
    for (int i = 0; i < 4; i++) {
      send("POST", "/api/stations/" + station + "/observations", stationToken, "{}")
          .expectStatus()
          .isBadRequest();
    }
    for (int i = 0; i < 3; i++) {
      send("POST", path, "guess-" + i, reading).expectStatus().isUnauthorized();
    }
    Problems.rateLimited(send("POST", path, "guess-3", reading));
    // now even the device's valid token waits: the address is refused before it is looked at
    send("POST", path, DEVICE_TOKEN, reading).expectStatus().isEqualTo(429);
  }
}
