package io.streamrag.kit.kafka;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;

/**
 * The settings every Kafka client of a service is built from: Boot's {@code spring.kafka.*}
 * (bootstrap servers, security protocol, SASL, TLS, client properties), so a secured cluster needs
 * configuration in one place, never in code. Callers add only what their use requires (a client id,
 * a wait time), never connection settings.
 */
public final class KafkaClients {

  private final KafkaProperties properties;

  public KafkaClients(KafkaProperties properties) {
    this.properties = properties;
  }

  /** A consumer's settings, without a group: the caller adds one if it uses a group. */
  public Map<String, Object> consumer(String clientId) {
    var config = new HashMap<>(properties.buildConsumerProperties());
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
    return config;
  }

  /** A producer's settings. */
  public Map<String, Object> producer(String clientId) {
    var config = new HashMap<>(properties.buildProducerProperties());
    config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
    return config;
  }

  /** An admin client's settings. */
  public Map<String, Object> admin() {
    return new HashMap<>(properties.buildAdminProperties());
  }
}
