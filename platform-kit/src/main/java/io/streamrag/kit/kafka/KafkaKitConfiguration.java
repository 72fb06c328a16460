package io.streamrag.kit.kafka;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.observation.ObservationPredicate;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Clock;
import java.time.Duration;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.cloud.stream.config.ConsumerEndpointCustomizer;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.kafka.inbound.KafkaMessageDrivenChannelAdapter;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.FixedBackOff;

/**
 * The Kafka plumbing every service shares, all of it built from Boot's {@code spring.kafka.*}
 * ({@link KafkaClients}): the catalogue's topics checked (and the owned ones created) before
 * anything reads; {@link TopicReaders}, the containers of the follow API ({@link TopicFollow},
 * {@link TopicView}) for topics read whole on every replica; a {@link TopicWriter} with an
 * idempotent producer of its own; the listener factory that serves the request side of {@link
 * RequestReply}; and {@link ConsumerHealth}'s two indicators. Every client records spans and
 * metrics to the service's registries (see {@link KafkaClients}).
 */
@AutoConfiguration(after = KafkaAutoConfiguration.class)
public class KafkaKitConfiguration {

  /** The name of the listener container factory for request/reply servers. */
  public static final String REQUEST_LISTENER_FACTORY = "requestListenerFactory";

  private static final String GROUP_TAG = "messaging.kafka.consumer.group";

  @Bean
  KafkaClients kafkaClients(
      KafkaProperties properties,
      ObjectProvider<ObservationRegistry> observations,
      ObjectProvider<MeterRegistry> meters) {
    return new KafkaClients(
        properties,
        observations.getIfUnique(() -> ObservationRegistry.NOOP),
        meters.getIfAvailable(CompositeMeterRegistry::new));
  }

  /**
   * Listener metrics with one set of tags, as Prometheus requires of all meters of a name: a
   * container without a consumer group ({@link TopicReaders}) says {@code none} where the others
   * name theirs, instead of its meters being dropped from the scrape.
   */
  @Bean
  MeterFilter listenersWithoutGroup() {
    return new MeterFilter() {
      @Override
      public Meter.Id map(Meter.Id id) {
        return id.getName().startsWith("spring.kafka.listener") && id.getTag(GROUP_TAG) == null
            ? id.withTag(Tag.of(GROUP_TAG, "none"))
            : id;
      }
    };
  }

  /**
   * The topics this service owns, as the catalogue declares them, for Spring's {@link KafkaAdmin}.
   */
  @Bean
  KafkaAdmin.NewTopics ownedTopics(@Value("${spring.application.name:}") String service) {
    return new KafkaAdmin.NewTopics(
        CatalogueTopics.owned(service).stream()
            .map(CatalogueTopics::newTopic)
            .toArray(org.apache.kafka.clients.admin.NewTopic[]::new));
  }

  @Bean
  CatalogueTopics catalogueTopics(
      @Value("${spring.application.name:}") String service,
      KafkaAdmin kafkaAdmin,
      KafkaClients clients,
      @Value("${streamrag.kafka.startup-check-timeout:30s}") Duration timeout) {
    return new CatalogueTopics(service, kafkaAdmin, clients, timeout);
  }

  @Bean
  TopicReaders topicReaders(
      KafkaClients clients,
      CatalogueTopics topics,
      ApplicationEventPublisher events,
      @Value("${streamrag.kafka.monitor-interval:5s}") Duration monitorInterval) {
    return new TopicReaders(clients, events, monitorInterval, Clock.systemUTC());
  }

  @Bean
  ConsumerHealth consumerHealth(
      TopicReaders readers,
      ObjectProvider<KafkaListenerEndpointRegistry> listeners,
      ObjectProvider<MessageListenerContainer> beans) {
    return new ConsumerHealth(readers, listeners, beans);
  }

  /** Readiness: every consumer runs and polls. */
  @Bean
  HealthIndicator kafkaConsumersHealthIndicator(ConsumerHealth health) {
    return health.readiness();
  }

  /** Liveness: no consumer stopped abnormally. */
  @Bean
  HealthIndicator kafkaConsumersAliveHealthIndicator(ConsumerHealth health) {
    return health.liveness();
  }

  /** No span per fragment of a stream, sent or received ({@link Fragments}). */
  @Bean
  ObservationPredicate untracedFragments() {
    return Fragments.untraced();
  }

  @Bean(destroyMethod = "close")
  TopicWriter writer(KafkaClients clients, CatalogueTopics topics) {
    var config = clients.producer("writer");
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            config,
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    // Not a bean: Boot keeps its own producer factory for anything else that wants one.
    return new TopicWriter(clients.observed(new KafkaTemplate<>(producers)));
  }

  /**
   * Listener containers for {@code @KafkaListener} methods that answer requests with
   * {@code @SendTo}: Avro requests in, Avro replies out on the topic the request names, with its
   * correlation id. A request that cannot be decoded, or whose handler throws, is not retried (its
   * caller has a deadline) and goes to the source topic's dead-letter topic ({@link DeadLetters});
   * the caller's call times out.
   */
  @Bean(REQUEST_LISTENER_FACTORY)
  ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> requestListenerFactory(
      KafkaClients clients, CatalogueTopics topics) {
    var factory = new ConcurrentKafkaListenerContainerFactory<String, SpecificRecord>();
    var config = clients.consumer("requests");
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.remove(ConsumerConfig.CLIENT_ID_CONFIG); // each listener names its own
    factory.setConsumerFactory(
        clients.consumerFactory(
            config,
            new StringDeserializer(),
            new ErrorHandlingDeserializer<SpecificRecord>(new AvroDeserializer())));
    var replyConfig = clients.producer("replies");
    replyConfig.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    var replies =
        clients.observed(
            new KafkaTemplate<>(
                new DefaultKafkaProducerFactory<String, SpecificRecord>(
                    replyConfig, new StringSerializer(), new AvroSerializer())));
    factory.setReplyTemplate(replies);
    factory.setCommonErrorHandler(
        new DefaultErrorHandler(DeadLetters.recoverer(clients, replies), new FixedBackOff(0, 0)));
    clients.committedAsync(clients.observed(factory.getContainerProperties()));
    factory.getContainerProperties().setMonitorInterval(5);
    return factory;
  }

  /** Spring Cloud Stream bindings fail as the other consumers do, where the binder is present. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name =
          "org.springframework.cloud.stream.binder.kafka.ListenerContainerWithDlqAndRetryCustomizer")
  static class Bindings {
    @Bean
    BindingErrors bindingErrors(
        KafkaClients clients,
        TopicReaders readers,
        ObjectProvider<BindingServiceProperties> bindings) {
      return new BindingErrors(clients, readers, bindings);
    }

    /**
     * The binder's one rebalance listener, calling each binding's {@link BindingRebalance} beans
     * (the binder ignores a second listener bean, and then the first too).
     */
    @Bean
    BindingRebalances bindingRebalances(ObjectProvider<BindingRebalance> parts) {
      return new BindingRebalances(parts.orderedStream().toList());
    }

    /**
     * Every binding's message carries the record it was made of (Spring Integration's {@code
     * sourceData} header): a handler that files a record itself files it as it was read, headers
     * and all ({@link DeadLetters#consumed}).
     */
    @Bean
    ConsumerEndpointCustomizer<KafkaMessageDrivenChannelAdapter<?, ?>> bindingsCarryTheirRecords() {
      return (adapter, destination, group) -> adapter.setBindSourceRecord(true);
    }
  }
}
