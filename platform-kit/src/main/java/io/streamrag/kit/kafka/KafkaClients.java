package io.streamrag.kit.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Deserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.listener.ContainerProperties;

/**
 * The settings every Kafka client of a service is built from: Boot's {@code spring.kafka.*}
 * (bootstrap servers, security protocol, SASL, TLS, client properties), so a secured cluster needs
 * configuration in one place, never in code. Callers add only what their use requires (a client id,
 * a wait time), never connection settings.
 *
 * <p>Also where every client reports: templates and listener containers record an observation per
 * record (a span whose W3C {@code traceparent} travels in the record's headers, so one chat is one
 * trace across services), and consumers publish Kafka's client metrics ({@code records-lag-max}
 * among them). spring-kafka finds the registries by itself only for beans; the kit's clients are
 * not beans, so they are given them here.
 */
public final class KafkaClients {

  private final KafkaProperties properties;
  private final ObservationRegistry observations;
  private final MeterRegistry meters;

  /** Clients that record nothing: for tests and tools outside Spring. */
  public KafkaClients(KafkaProperties properties) {
    this(properties, ObservationRegistry.NOOP, new CompositeMeterRegistry());
  }

  public KafkaClients(
      KafkaProperties properties, ObservationRegistry observations, MeterRegistry meters) {
    this.properties = properties;
    this.observations = observations;
    this.meters = meters;
  }

  /** A consumer's settings, without a group: the caller adds one if it uses a group. */
  public Map<String, Object> consumer(String clientId) {
    var config = new HashMap<>(properties.buildConsumerProperties());
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
    // fetch.max.wait.ms stays at Kafka's 500 ms for every reader: the broker answers a waiting
    // fetch the moment a record is appended, so a shorter wait buys no latency and only makes
    // every idle consumer fetch more often (about 100 consumers across the services: at 50-100 ms
    // the broker spent a seventh of a core on empty fetches at idle).
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

  /** Consumers built from {@code config} whose client metrics (lag among them) are published. */
  public <K, V> DefaultKafkaConsumerFactory<K, V> consumerFactory(
      Map<String, Object> config, Deserializer<K> keys, Deserializer<V> values) {
    var factory = new DefaultKafkaConsumerFactory<>(config, keys, values);
    factory.addListener(new MicrometerConsumerListener<>(meters));
    return factory;
  }

  /** The template records a span per send and writes its trace context into the headers. */
  public <T extends KafkaTemplate<?, ?>> T observed(T template) {
    template.setObservationEnabled(true);
    template.setObservationRegistry(observations);
    return template;
  }

  /** The container records a span per record, a child of the one in the record's headers. */
  public ContainerProperties observed(ContainerProperties container) {
    container.setObservationEnabled(true);
    container.setObservationRegistry(observations);
    return container;
  }

  /**
   * The container commits its offsets without waiting for the broker. A synchronous commit after
   * every poll held the consumer thread for a broker round trip: on retrieval's request threads it
   * took three times the wall time of the searches it followed (async-profiler, wall clock, one
   * chat stream), and a request that came meanwhile waited for it. Delivery stays at least once: a
   * record is committed only after it was handled, and a crash redelivers what was not committed
   * either way (spring-kafka still commits synchronously when partitions are revoked).
   */
  public ContainerProperties committedAsync(ContainerProperties container) {
    container.setSyncCommits(false);
    return container;
  }

  /** Where spans are recorded. */
  public ObservationRegistry observations() {
    return observations;
  }

  /** Where client metrics and dead letters are counted. */
  public MeterRegistry meters() {
    return meters;
  }
}
