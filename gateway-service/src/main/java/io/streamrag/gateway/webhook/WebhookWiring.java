package io.streamrag.gateway.webhook;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.schemas.ServiceTopics;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhook delivery: a spring-kafka listener container in one consumer group shared by every replica
 * (each alert handled once) that only queues each alert for each webhook ({@link EndpointQueue}:
 * one queue per endpoint, retries with back-off, then the dead letters); an alert's offset is
 * committed once all its deliveries ended (at least once). It runs only when some key has a
 * webhook.
 */
@Configuration(proxyBeanMethods = false)
class WebhookWiring {

  /** Alerts one webhook may have waiting; one more is dead-lettered at once. */
  static final int QUEUE_CAPACITY = 1024;

  @Bean
  WebhookDeadLetters webhookDeadLetters(
      KafkaProperties kafka, GatewayProperties properties, MeterRegistry meters) {
    return new WebhookDeadLetters(
        kafka.buildProducerProperties(), properties.webhooks().group(), meters);
  }

  /** One queue per webhook, by the key's user; closed with the context. */
  @Bean(destroyMethod = "close")
  WebhookQueues webhookQueues(GatewayProperties properties, WebhookDeadLetters deadLetters) {
    var settings = properties.webhooks();
    var poster = new WebhookPoster(settings.timeout(), Clock.systemUTC());
    var queues = new LinkedHashMap<String, EndpointQueue>();
    for (var target : new WebhookTargets(properties.apiKeys()).all()) {
      queues.put(
          target.user(), new EndpointQueue(target, poster, deadLetters, settings, QUEUE_CAPACITY));
    }
    return new WebhookQueues(queues);
  }

  @Bean
  InOrderAcks webhookAcks() {
    return new InOrderAcks();
  }

  @Bean
  ConcurrentMessageListenerContainer<String, byte[]> webhookDeliveries(
      KafkaProperties kafka,
      GatewayProperties properties,
      WebhookQueues queues,
      WebhookDeadLetters deadLetters,
      InOrderAcks acks,
      JsonMapper json) {
    var settings = properties.webhooks();
    var targets = new WebhookTargets(properties.apiKeys());
    var config = kafka.buildConsumerProperties();
    config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.group());
    // A new group starts from the oldest retained alert, not the next one: none is skipped.
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    var consumers =
        new DefaultKafkaConsumerFactory<>(
            config, new StringDeserializer(), new ByteArrayDeserializer());
    var container = new ContainerProperties(ServiceTopics.SENSOR_ALERTS.name());
    // acknowledged in offset order by InOrderAcks, from the delivery threads
    container.setAckMode(ContainerProperties.AckMode.MANUAL);
    container.setMessageListener(
        new WebhookDispatcher(targets, queues.byUser(), deadLetters, acks, json));
    container.setConsumerRebalanceListener(
        new ConsumerAwareRebalanceListener() {
          @Override
          public void onPartitionsRevokedAfterCommit(
              Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
            acks.forget(partitions);
          }
        });
    var listeners = new ConcurrentMessageListenerContainer<>(consumers, container);
    listeners.setConcurrency(settings.concurrency());
    listeners.setAutoStartup(!targets.isEmpty());
    return listeners;
  }

  /** DOWN when a webhook's queue stopped working; its depth and the uncommitted alerts shown. */
  @Bean
  HealthIndicator webhooksHealthIndicator(WebhookQueues queues, InOrderAcks acks) {
    return () -> {
      var depth = new LinkedHashMap<String, Integer>();
      queues.byUser().forEach((user, queue) -> depth.put(user, queue.waiting()));
      boolean working = queues.byUser().values().stream().allMatch(EndpointQueue::isWorking);
      return (working ? Health.up() : Health.down())
          .withDetail("waiting", depth)
          .withDetail("uncommitted", acks.pending())
          .build();
    };
  }

  /** The queues, by the user of the key whose webhook each serves. */
  record WebhookQueues(Map<String, EndpointQueue> byUser) implements AutoCloseable {
    @Override
    public void close() {
      byUser.values().forEach(EndpointQueue::close);
    }
  }
}
