package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * User data as a source (S1.3): firmware publishes over MQTT (a real client over TCP to the
 * bridge's embedded broker), the sensor's forecast arrives over HTTP, and the owner's next answers,
 * in Persian and in English, carry the current soil values and the forecast.
 */
class FirmwareToAnswerTest {

  static final String SENSOR = WholeFlowTest.OTHER_SENSOR;
  static final String OWNER_KEY = "dev-other-key";
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void aReadingPublishedOverMqttAndAForecastReachTheAnswerInBothLanguages() throws Exception {
    // Given a forecast for the sensor's location (rain 4.3 mm on the first day)
    String day = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
    String forecast =
        "{\"days\":[{\"date\":\""
            + day
            + "\",\"t_min\":4,\"t_max\":17,\"precipitation_mm\":4.3,\"humidity\":61,"
            + "\"wind_speed\":2.5,\"et0_mm\":1.9}]}";
    assertThat(
            Http.put(
                system.bridgeUrl() + "/api/sensors/" + SENSOR + "/forecast",
                "dev-device-token",
                forecast))
        .isEqualTo(202);

    // And a reading published by the device at QoS 1, as firmware does
    // milliseconds: another test class may publish for the same sensor in the same second, and an
    // older or equal timestamp is absorbed as a duplicate
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    String reading =
        "{\"ts\":\""
            + ts
            + "\",\"soil_moisture\":33.7,\"temperature\":18.25,\"ph\":7.1,\"ec\":0.9,"
            + "\"nitrogen\":22,\"phosphorus\":14,\"potassium\":150}";
    var device =
        new MqttClient(
            "tcp://127.0.0.1:" + system.mqttPort(), "field-probe-1", new MemoryPersistence());
    var options = new MqttConnectOptions();
    options.setUserName("demo-device");
    options.setPassword("dev-device-token".toCharArray());
    device.connect(options);
    device.publish(
        "sensors/" + SENSOR + "/readings", reading.getBytes(StandardCharsets.UTF_8), 1, false);
    device.disconnect();
    device.close();

    // When the owner asks in Persian, then in English
    Http.Chat fa =
        WholeFlowTest.askUntil(
            () ->
                Http.chat(
                    system.gatewayUrl(), OWNER_KEY, SENSOR, "وضعیت خاک و هوای مزرعه من چطور است؟"),
            "33.7",
            Duration.ofSeconds(30));
    Http.Chat en =
        WholeFlowTest.askUntil(
            () ->
                Http.chat(
                    system.gatewayUrl(),
                    OWNER_KEY,
                    SENSOR,
                    "How is the soil in my field and what weather is coming?"),
            "33.7",
            Duration.ofSeconds(30));

    // Then both answers carry the current soil values and the forecast, in the question's language
    assertThat(fa.tokens())
        .contains("33.7")
        .contains("18.25")
        .contains("رطوبت خاک")
        .contains("پیش‌بینی هوا")
        .contains(day)
        .contains("4.3");
    assertThat(en.tokens())
        .contains("33.7")
        .contains("18.25")
        .containsIgnoringCase("soil moisture")
        .containsIgnoringCase("forecast")
        .contains(day)
        .contains("4.3");
    assertThat(fa.count("done")).isEqualTo(1);
    assertThat(en.count("done")).isEqualTo(1);
  }
}
