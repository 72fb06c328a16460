package io.streamrag.bridge.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.TestProperties;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The device registry's admin API, and that the registry lives on its compacted topic. */
class DeviceAdminTest extends BridgeIntegrationTest {

  static final String NEW_SENSOR = "0f8fad5b-d9cb-469f-a165-70867728950e";

  @Autowired TopicWriter writer;

  @Test
  void aRegisteredDeviceGetsATokenOnceAndPublishesForItsSensorOnly() {
    var registered =
        send(
                "PUT",
                "/admin/devices/orchard-12",
                ADMIN_TOKEN,
                "{\"sensors\":[\"" + NEW_SENSOR + "\"]}")
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    String token = (String) registered.get("token");
    assertThat(token).hasSizeGreaterThan(30);

    send(
            "POST",
            "/api/sensors/" + NEW_SENSOR + "/readings",
            token,
            "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":40}")
        .expectStatus()
        .isAccepted();
    send(
            "POST",
            "/api/sensors/" + SENSOR + "/readings",
            token,
            "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":40}")
        .expectStatus()
        .isForbidden();
    http.get()
        .uri("/admin/devices")
        .header("Authorization", "Bearer " + ADMIN_TOKEN)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$[?(@.device_id == 'orchard-12')].sensors[0]")
        .isEqualTo(NEW_SENSOR)
        .jsonPath("$[0].token")
        .doesNotExist();
  }

  @Test
  void aRemovedDevicesTokenStopsWorking() {
    String token = "a-supplied-token-of-enough-length-1";
    send(
            "PUT",
            "/admin/devices/gone-1",
            ADMIN_TOKEN,
            "{\"sensors\":[\"" + NEW_SENSOR + "\"],\"token\":\"" + token + "\"}")
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.token")
        .doesNotExist();

    http.delete()
        .uri("/admin/devices/gone-1")
        .header("Authorization", "Bearer " + ADMIN_TOKEN)
        .exchange()
        .expectStatus()
        .isNoContent();

    send(
            "POST",
            "/api/sensors/" + NEW_SENSOR + "/readings",
            token,
            "{\"ts\":\"" + Instant.now() + "\",\"ph\":7}")
        .expectStatus()
        .isUnauthorized();
  }

  @Test
  void theAdminApiRefusesADeviceTokenAndBadInput() {
    send("PUT", "/admin/devices/x", DEVICE_TOKEN, "{\"sensors\":[\"" + NEW_SENSOR + "\"]}")
        .expectStatus()
        .isUnauthorized();
    send("PUT", "/admin/devices/x", ADMIN_TOKEN, "{\"sensors\":[\"not-a-uuid\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("sensors");
    send("PUT", "/admin/devices/bad id!", ADMIN_TOKEN, "{\"sensors\":[\"" + NEW_SENSOR + "\"]}")
        .expectStatus()
        .isBadRequest();
    send(
            "PUT",
            "/admin/devices/x",
            ADMIN_TOKEN,
            "{\"sensors\":[\"" + NEW_SENSOR + "\"],\"token\":\"short\"}")
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void anotherReplicaStartingLaterKnowsTheDeviceFromTheTopic() {
    String token = "replica-visible-token-0123456789";
    send(
            "PUT",
            "/admin/devices/seen-by-all",
            ADMIN_TOKEN,
            "{\"sensors\":[\"" + NEW_SENSOR + "\"],\"token\":\"" + token + "\"}")
        .expectStatus()
        .isOk();

    BridgeProperties noDevices = TestProperties.withMaxPayload(4096);
    try (var replica =
        new DeviceRegistry(
            TopicReaders.outsideSpring(brokers(), Duration.ofSeconds(5)),
            noDevices,
            writer,
            Clock.systemUTC(),
            Duration.ofSeconds(20))) {
      var device = replica.authenticate(new Credentials.BearerToken(token));
      assertThat(device.id()).isEqualTo("seen-by-all");
      assertThat(device.mayPublishFor(NEW_SENSOR)).isTrue();
      assertThat(device.mayPublishFor(SENSOR)).isFalse();
    }
  }
}
