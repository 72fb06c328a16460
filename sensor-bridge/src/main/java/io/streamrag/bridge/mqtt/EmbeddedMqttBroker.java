package io.streamrag.bridge.mqtt;

import io.moquette.broker.Server;
import io.moquette.broker.config.IConfig;
import io.moquette.broker.config.MemoryConfig;
import io.moquette.broker.security.IAuthenticator;
import io.moquette.broker.security.IAuthorizatorPolicy;
import io.moquette.broker.subscriptions.Topic;
import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.kit.web.AddressLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An MQTT broker inside sensor-bridge (Moquette). A device connects with its id as username and its
 * token as password, checked against the device registry (a weather station: its id and token,
 * against the station registry); it may publish to {@code sensors/+/readings} and {@code
 * stations/+/observations} and subscribe to nothing. Which sensor a device may write for is checked
 * by the pipeline, so a payload sent to a foreign sensor's topic is refused and kept as a reject
 * with its bytes.
 *
 * <p>Delivery: the broker acknowledges (PUBACK) when it has the message, and the bridge publishes
 * it to Kafka within milliseconds, without waiting for one reading's acknowledgement before taking
 * the next (the idempotent producer keeps each sensor's order); a crash in between loses that
 * reading. Where that is not acceptable, run an external broker in {@code external} mode: there the
 * bridge acknowledges a message only after Kafka has it.
 */
public final class EmbeddedMqttBroker implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedMqttBroker.class);

  private final Server server = new Server();
  private final List<MqttFrontDoor> doors = new ArrayList<>();
  private MqttFrontDoor plain;
  private MqttFrontDoor secure;

  /**
   * Moquette listens on loopback only, on free ports; devices reach it through a {@link
   * MqttFrontDoor} on {@code mqtt.host}, which limits connections per address ({@code connects}).
   */
  public EmbeddedMqttBroker(
      BridgeProperties.Mqtt mqtt,
      DeviceRegistry registry,
      StationRegistry stations,
      MqttIngress ingress,
      int maxMessageBytes,
      AddressLimits connects) {
    var props = new Properties();
    props.setProperty(IConfig.HOST_PROPERTY_NAME, "127.0.0.1");
    // -1: no plain listener (Moquette's "disabled"), e.g. when devices must use TLS
    // Moquette reads its bound ports back only after binding: it gets free ports chosen here
    int plainPort = freePort();
    int tlsPort = freePort();
    props.setProperty(
        IConfig.PORT_PROPERTY_NAME, mqtt.port() < 0 ? "disabled" : String.valueOf(plainPort));
    if (mqtt.tls().enabled()) {
      tls(props, mqtt.tls(), tlsPort);
    }
    props.setProperty(IConfig.ALLOW_ANONYMOUS_PROPERTY_NAME, "false");
    // MQTT 3.1.1 lets a clean-session client send an empty id (mosquitto_pub does): the broker
    // assigns one.
    props.setProperty("allow_zero_byte_client_id", "true");
    props.setProperty(IConfig.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
    props.setProperty(IConfig.ENABLE_TELEMETRY_NAME, "false"); // it would call home
    props.setProperty(IConfig.BUFFER_FLUSH_MS_PROPERTY_NAME, "immediate"); // acknowledge at once
    props.setProperty(IConfig.NETTY_MAX_BYTES_PROPERTY_NAME, String.valueOf(maxMessageBytes));
    props.setProperty(
        "intercept.thread_pool.size", "1"); // one thread: a device's readings stay in order
    IAuthenticator authenticator =
        (clientId, username, password) ->
            username != null
                && password != null
                && (registry.checkPassword(username, new String(password, StandardCharsets.UTF_8))
                    || stations.checkPassword(
                        username, new String(password, StandardCharsets.UTF_8)));
    IAuthorizatorPolicy authorizator =
        new IAuthorizatorPolicy() {
          @Override
          public boolean canWrite(Topic topic, String user, String client) {
            return MqttIngress.isReadingTopic(topic.toString());
          }

          @Override
          public boolean canRead(Topic topic, String user, String client) {
            return false; // devices never read each other's readings
          }
        };
    var readings = new ReadingsInterceptor(ingress::accept);
    try {
      server.startServer(
          new MemoryConfig(props), List.of(readings), null, authenticator, authorizator);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot start the MQTT broker on " + mqtt.host() + ":" + mqtt.port(), e);
    }
    try {
      if (mqtt.port() >= 0) {
        plain = open(new MqttFrontDoor(mqtt.host(), mqtt.port(), plainPort, connects));
      }
      if (mqtt.tls().enabled()) {
        secure = open(new MqttFrontDoor(mqtt.host(), mqtt.tls().port(), tlsPort, connects));
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    log.info(
        "MQTT broker listening on {} (plain {}, TLS {}) for {} and {}",
        mqtt.host(),
        mqtt.port() < 0 ? "off" : port(),
        mqtt.tls().enabled() ? tlsPort() : "off",
        MqttIngress.FILTER,
        MqttIngress.STATION_FILTER);
  }

  /** Moquette's TLS listener, from a PKCS12 keystore whose key has the store's password. */
  private static void tls(Properties props, BridgeProperties.Mqtt.Tls tls, int port) {
    if (tls.keystore() == null || tls.keystore().isBlank()) {
      throw new IllegalStateException(
          "bridge.mqtt.tls.port is set but bridge.mqtt.tls.keystore is empty: name the PKCS12 file");
    }
    props.setProperty(IConfig.SSL_PORT_PROPERTY_NAME, String.valueOf(port));
    props.setProperty(IConfig.SSL_PROVIDER, "JDK");
    props.setProperty(IConfig.JKS_PATH_PROPERTY_NAME, tls.keystore());
    props.setProperty(IConfig.KEY_STORE_TYPE, "pkcs12");
    props.setProperty(IConfig.KEY_STORE_PASSWORD_PROPERTY_NAME, tls.keystorePassword());
    props.setProperty(IConfig.KEY_MANAGER_PASSWORD_PROPERTY_NAME, tls.keystorePassword());
  }

  /** The port of the TLS listener. */
  public int tlsPort() {
    return secure.port();
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port for the MQTT broker", e);
    }
  }

  private MqttFrontDoor open(MqttFrontDoor door) {
    doors.add(door);
    return door;
  }

  /** The port devices reach the broker on. */
  public int port() {
    return plain.port();
  }

  @Override
  public void close() {
    doors.forEach(MqttFrontDoor::close);
    server.stopServer();
  }
}
