package io.streamrag.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.BridgeIntegrationTest;
import java.io.FileInputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * MQTT over TLS, as devices reach the bridge's LoadBalancer on 8883: the device token travels
 * encrypted, and with the plain listener closed ({@code bridge.mqtt.port=-1}) there is no other way
 * in. The server's key is a PKCS12 keystore, as cert-manager writes it, made here by keytool.
 */
class MqttTlsTest extends BridgeIntegrationTest {

  static final String PASSWORD = "test-keystore-password";
  static final Path DIR = keys();

  @Autowired EmbeddedMqttBroker broker;

  @DynamicPropertySource
  static void tls(DynamicPropertyRegistry registry) {
    registry.add("bridge.mqtt.port", () -> "-1");
    registry.add("bridge.mqtt.tls.port", MqttTlsTest::freePort);
    registry.add("bridge.mqtt.tls.keystore", () -> DIR.resolve("server.p12").toString());
    registry.add("bridge.mqtt.tls.keystore-password", () -> PASSWORD);
  }

  @Test
  void aDeviceConnectedOverTlsPublishesAReading() throws Exception {
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    var client =
        new MqttClient(
            "ssl://localhost:" + broker.tlsPort(), "tls-device", new MemoryPersistence());
    var options = new MqttConnectOptions();
    options.setUserName("field-7");
    options.setPassword(DEVICE_TOKEN.toCharArray());
    options.setSocketFactory(trusting().getSocketFactory());
    client.connect(options);
    client.publish(
        "sensors/" + SENSOR + "/readings",
        ("{\"ts\":\"" + ts + "\",\"soil_moisture\":31.5}").getBytes(StandardCharsets.UTF_8),
        1,
        false);
    client.disconnect();
    client.close();

    var reading = awaitReading(ts);
    assertThat(reading.getTransport()).isEqualTo("mqtt");
    assertThat(reading.getSoilMoisture()).isEqualTo(31.5);
  }

  @Test
  void plainMqttOnTheTlsPortIsRefused() {
    assertThatThrownBy(
            () -> {
              var client =
                  new MqttClient(
                      "tcp://localhost:" + broker.tlsPort(), "plain", new MemoryPersistence());
              var options = new MqttConnectOptions();
              options.setUserName("field-7");
              options.setPassword(DEVICE_TOKEN.toCharArray());
              options.setConnectionTimeout(3);
              client.connect(options);
            })
        .isInstanceOf(Exception.class);
  }

  /** A client that trusts the server's certificate, as a device given the CA would. */
  private static SSLContext trusting() throws Exception {
    var trust = KeyStore.getInstance("PKCS12");
    try (var in = new FileInputStream(DIR.resolve("trust.p12").toFile())) {
      trust.load(in, PASSWORD.toCharArray());
    }
    var factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    var context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }

  /** A server key for localhost, and a trust store with its certificate, by the JDK's keytool. */
  private static Path keys() {
    try {
      Path dir = Files.createTempDirectory("mqtt-tls");
      String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
      run(
          dir,
          keytool,
          "-genkeypair",
          "-alias",
          "bridge",
          "-keyalg",
          "EC",
          "-groupname",
          "secp256r1",
          "-dname",
          "CN=localhost",
          "-ext",
          "SAN=dns:localhost,ip:127.0.0.1",
          "-validity",
          "2",
          "-storetype",
          "PKCS12",
          "-keystore",
          "server.p12",
          "-storepass",
          PASSWORD);
      run(
          dir,
          keytool,
          "-exportcert",
          "-alias",
          "bridge",
          "-keystore",
          "server.p12",
          "-storepass",
          PASSWORD,
          "-file",
          "server.crt");
      run(
          dir,
          keytool,
          "-importcert",
          "-noprompt",
          "-alias",
          "bridge",
          "-file",
          "server.crt",
          "-storetype",
          "PKCS12",
          "-keystore",
          "trust.p12",
          "-storepass",
          PASSWORD);
      return dir;
    } catch (Exception e) {
      throw new IllegalStateException("keytool failed", e);
    }
  }

  private static void run(Path dir, String... command) throws Exception {
    var process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + ": " + out);
    }
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
