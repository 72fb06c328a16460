package io.streamrag.bridge.mqtt;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.auth.Credentials;
import java.net.URI;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bridges from an external MQTT broker (Mosquitto, EMQX, HiveMQ…): subscribes to {@code
 * sensors/+/readings} and {@code stations/+/observations} at QoS 1 with a persistent session, and
 * acknowledges each message only once Kafka has the reading or its reject, so a crash makes the
 * broker redeliver instead of losing it. Acknowledgements are manual and per message: one reading's
 * round trip to Kafka does not hold up the next. The external broker authenticates devices and
 * enforces which topics each may publish to.
 */
public final class ExternalMqttBridge implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ExternalMqttBridge.class);
  private static final long WAIT_MS = 30_000;
  private static final String[] FILTERS = {MqttIngress.FILTER, MqttIngress.STATION_FILTER};
  private static final int[] QOS = {1, 1};

  private final MqttAsyncClient client;

  public ExternalMqttBridge(BridgeProperties.Mqtt mqtt, MqttIngress ingress) {
    if (mqtt.url() == null || mqtt.url().isBlank()) {
      throw new IllegalStateException(
          "bridge.mqtt.mode=external needs bridge.mqtt.url, e.g. tcp://mosquitto:1883");
    }
    var broker = new Credentials.ExternalBroker(URI.create(mqtt.url()).getHost());
    try {
      client = new MqttAsyncClient(mqtt.url(), mqtt.clientId(), new MemoryPersistence());
      client.setManualAcks(true);
      var options = new MqttConnectOptions();
      options.setCleanSession(false);
      options.setAutomaticReconnect(true);
      options.setMaxInflight(1000);
      if (mqtt.username() != null && !mqtt.username().isBlank()) {
        options.setUserName(mqtt.username());
        options.setPassword(mqtt.password() == null ? new char[0] : mqtt.password().toCharArray());
      }
      client.setCallback(
          new MqttCallbackExtended() {
            @Override
            public void connectComplete(boolean reconnect, String uri) {
              if (reconnect) {
                subscribe();
              }
            }

            @Override
            public void connectionLost(Throwable cause) {
              log.warn(
                  "lost the external MQTT broker {}: {}; reconnecting",
                  mqtt.url(),
                  cause.getMessage());
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
              ingress
                  .accept(topic, broker, message.getPayload())
                  .whenComplete(
                      (outcome, error) -> {
                        if (error != null) {
                          // Not acknowledged: the broker redelivers it after a reconnect.
                          log.error(
                              "reading on {} not handed to Kafka; left unacknowledged",
                              topic,
                              error);
                          return;
                        }
                        acknowledge(message);
                      });
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {}
          });
      client.connect(options).waitForCompletion(WAIT_MS);
      // Subscribed before the bridge counts as started: nothing published after start-up is missed.
      client.subscribe(FILTERS, QOS).waitForCompletion(WAIT_MS);
    } catch (MqttException e) {
      throw new IllegalStateException(
          "cannot connect to the external MQTT broker " + mqtt.url() + ": " + e.getMessage(), e);
    }
    log.info("bridging {} from {}", String.join(" and ", FILTERS), mqtt.url());
  }

  private void acknowledge(MqttMessage message) {
    try {
      client.messageArrivedComplete(message.getId(), message.getQos());
    } catch (MqttException e) {
      log.warn("could not acknowledge message {}: {}", message.getId(), e.getMessage());
    }
  }

  private void subscribe() {
    try {
      client.subscribe(FILTERS, QOS);
    } catch (MqttException e) {
      log.error("cannot subscribe to {}: {}", String.join(", ", FILTERS), e.getMessage());
    }
  }

  @Override
  public void close() {
    try {
      client.disconnect().waitForCompletion(5_000);
      client.close();
    } catch (MqttException e) {
      log.warn("closing the external MQTT connection: {}", e.getMessage());
    }
  }
}
