package io.streamrag.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.WeatherObserved;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Firmware over MQTT with a real client over TCP, against the embedded broker and a real Kafka. */
class EmbeddedMqttTest extends BridgeIntegrationTest {

  @Autowired EmbeddedMqttBroker broker;

  @Test
  void aReadingPublishedAtQos1ReachesTheReadingsTopicWithTheDevicesIdentity() throws Exception {
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    try (var device = connect("field-7", DEVICE_TOKEN)) {
      device.publish(
          "sensors/" + SENSOR + "/readings",
          ("{\"ts\":\"" + ts + "\",\"soil_moisture\":27.5}").getBytes(StandardCharsets.UTF_8),
          1,
          false);
    }

    var reading = awaitReading(ts);
    assertThat(reading.getTransport()).isEqualTo("mqtt");
    assertThat(reading.getDeviceId()).isEqualTo("field-7");
    assertThat(reading.getSoilMoisture()).isEqualTo(27.5);
  }

  @Test
  void aClientWithAnEmptyIdAndACleanSessionMayConnectAsMosquittoPubDoes() throws Exception {
    var client = new MqttClient("tcp://127.0.0.1:" + broker.port(), "", new MemoryPersistence());
    var options = new MqttConnectOptions();
    options.setUserName("field-7");
    options.setPassword(DEVICE_TOKEN.toCharArray());
    options.setCleanSession(true);

    client.connect(options);

    assertThat(client.isConnected()).isTrue();
    client.disconnect();
    client.close();
  }

  @Test
  void aWrongPasswordIsRefusedAtConnect() {
    assertThatThrownBy(() -> connect("field-7", "wrong-token"))
        .isInstanceOfSatisfying(
            MqttException.class,
            e ->
                assertThat(e.getReasonCode())
                    .isIn(
                        (int) MqttException.REASON_CODE_FAILED_AUTHENTICATION,
                        (int) MqttException.REASON_CODE_NOT_AUTHORIZED));
  }

  @Test
  void anUnknownDeviceIsRefusedAtConnect() {
    assertThatThrownBy(() -> connect("nobody", DEVICE_TOKEN)).isInstanceOf(MqttException.class);
  }

  @Test
  void aReadingOnAForeignSensorsTopicIsRefusedAndKeptWithItsBytes() throws Exception {
    String payload = "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":99.1}";
    try (var device = connect("field-7", DEVICE_TOKEN)) {
      device.publish(
          "sensors/" + FOREIGN + "/readings", payload.getBytes(StandardCharsets.UTF_8), 1, false);
    }

    var rejected =
        awaitReject(r -> "mqtt".equals(r.getTransport()) && FOREIGN.equals(r.getSensorUuid()));
    assertThat(rejected.getReasonCode()).isEqualTo("forbidden_sensor");
    assertThat(rejected.getDeviceId()).isEqualTo("field-7");
    assertThat(StandardCharsets.UTF_8.decode(rejected.getRaw()).toString()).isEqualTo(payload);
  }

  @Test
  void aMalformedMqttPayloadIsKeptAsAReject() throws Exception {
    try (var device = connect("field-7", DEVICE_TOKEN)) {
      device.publish(
          "sensors/" + SENSOR + "/readings",
          "moisture=12".getBytes(StandardCharsets.UTF_8),
          1,
          false);
    }

    var rejected =
        awaitReject(r -> "mqtt".equals(r.getTransport()) && "malformed".equals(r.getReasonCode()));
    assertThat(StandardCharsets.UTF_8.decode(rejected.getRaw()).toString())
        .isEqualTo("moisture=12");
  }

  @Test
  void anMqttReadingWithAKeyGivenTwiceIsKeptAsARejectNamingTheKey() throws Exception {
    String payload = "{\"ts\":\"" + Instant.now() + "\",\"ph\":6.5,\"ph\":9.5}";
    try (var device = connect("field-7", DEVICE_TOKEN)) {
      device.publish(
          "sensors/" + SENSOR + "/readings", payload.getBytes(StandardCharsets.UTF_8), 1, false);
    }

    var rejected =
        awaitReject(
            r ->
                "mqtt".equals(r.getTransport())
                    && StandardCharsets.UTF_8
                        .decode(r.getRaw().duplicate())
                        .toString()
                        .equals(payload));
    assertThat(rejected.getReasonCode()).isEqualTo("malformed");
    assertThat(rejected.getField()).isEqualTo("ph");
    assertThat(rejected.getReason()).isEqualTo("duplicate field 'ph'");
    assertThat(rejected.getDeviceId()).isEqualTo("field-7");
  }

  @Test
  void aDeviceCannotSubscribeToOtherDevicesReadings() throws Exception {
    try (var device = connect("field-7", DEVICE_TOKEN)) {
      var granted = device.subscribeWithResponse("sensors/+/readings", 1).getGrantedQos();
      assertThat(granted[0]).isEqualTo(0x80); // MQTT 3.1.1 SUBACK failure
    }
  }

  @Test
  void aWeatherStationLogsInWithItsIdAndTokenAndPublishesItsObservations() throws Exception {
    String station = "mqtt-st-" + System.nanoTime();
    String token = registerStation(station);
    String ts = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

    try (var client = connect(station, token)) {
      client.publish(
          "stations/" + station + "/observations",
          ("{\"ts\":\""
                  + ts
                  + "\",\"air_temperature\":9.5,\"relative_humidity\":80,\"wind_speed\":1.2,"
                  + "\"rain_mm\":1.6,\"interval_s\":900}")
              .getBytes(StandardCharsets.UTF_8),
          1,
          false);
    }

    var observed =
        awaitRecord(
            WeatherTopics.WEATHER_OBSERVATIONS.name(),
            WeatherObserved.class,
            o -> o.getStationId().equals(station));
    assertThat(observed.getTransport()).isEqualTo("mqtt");
  }

  @Test
  void aDevicePublishingOnAStationsTopicIsRefusedAndKept() throws Exception {
    String station = "mqtt-st-" + System.nanoTime();
    registerStation(station);

    try (var device = connect("field-7", DEVICE_TOKEN)) {
      device.publish(
          "stations/" + station + "/observations",
          "{\"date\":\"2026-12-01\"}".getBytes(StandardCharsets.UTF_8),
          1,
          false);
    }

    var reject = awaitReject(r -> station.equals(r.getStationId()));
    assertThat(reject.getReasonCode()).isEqualTo("forbidden_station");
    assertThat(reject.getDeviceId()).isEqualTo("field-7");
    assertThat(reject.getTransport()).isEqualTo("mqtt");
  }

  private String registerStation(String id) {
    String body =
        new String(
            send(
                    "PUT",
                    "/api/stations/" + id,
                    ADMIN_TOKEN,
                    "{\"lat\":35.7,\"lon\":51.4,\"elevation_m\":1190}")
                .expectStatus()
                .isCreated()
                .expectBody()
                .returnResult()
                .getResponseBody());
    return body.replaceAll(".*\"token\":\"([^\"]+)\".*", "$1");
  }

  private Closeable connect(String user, String password) throws MqttException {
    var client =
        new MqttClient(
            "tcp://127.0.0.1:" + broker.port(),
            "test-" + System.nanoTime(),
            new MemoryPersistence());
    var options = new MqttConnectOptions();
    options.setUserName(user);
    options.setPassword(password.toCharArray());
    options.setCleanSession(true);
    client.connect(options);
    return new Closeable(client);
  }

  /** A connected client that disconnects when closed. */
  record Closeable(MqttClient client) implements AutoCloseable {
    void publish(String topic, byte[] payload, int qos, boolean retained) throws MqttException {
      client.publish(topic, payload, qos, retained);
    }

    org.eclipse.paho.client.mqttv3.IMqttToken subscribeWithResponse(String filter, int qos)
        throws MqttException {
      return client.subscribeWithResponse(filter, qos);
    }

    @Override
    public void close() throws MqttException {
      client.disconnect();
      client.close();
    }
  }
}
