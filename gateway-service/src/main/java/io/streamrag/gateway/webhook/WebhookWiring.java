package io.streamrag.gateway.webhook;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.alert.AlertJson;
import io.streamrag.schemas.Topics;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhook delivery: a spring-kafka listener container in one consumer group shared by every replica
 * (each alert delivered once), its retries with exponential back-off, then the dead letters. It
 * runs only when some key has a webhook.
 */
@Configuration(proxyBeanMethods = false)
class WebhookWiring {

  @Bean
  DeliveredKeys deliveredKeys() {
    return new DeliveredKeys();
  }

  @Bean
  WebhookDeadLetters webhookDeadLetters(
      KafkaProperties kafka, DeliveredKeys delivered, MeterRegistry meters) {
    return new WebhookDeadLetters(kafka.buildProducerProperties(), delivered, meters);
  }

  @Bean
  ConcurrentMessageListenerContainer<String, byte[]> webhookDeliveries(
      KafkaProperties kafka,
      GatewayProperties properties,
      DeliveredKeys delivered,
      WebhookDeadLetters deadLetters,
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
    var container = new ContainerProperties(Topics.SENSOR_ALERTS.name());
    container.setAckMode(ContainerProperties.AckMode.RECORD);
    container.setMessageListener(
        new WebhookDispatcher(
            targets, new WebhookPoster(settings.timeout(), Clock.systemUTC()), delivered, json));
    var listeners = new ConcurrentMessageListenerContainer<>(consumers, container);
    listeners.setConcurrency(settings.concurrency());
    listeners.setCommonErrorHandler(errorHandler(settings, deadLetters));
    listeners.setAutoStartup(!targets.isEmpty());
    return listeners;
  }

  /**
   * {@code attempts} deliveries in all, {@code initial-interval} apart and then {@code multiplier}
   * times longer each (at most {@code max-interval}); then the dead letters. An unreadable alert
   * goes there at once: retrying cannot fix it.
   */
  private static DefaultErrorHandler errorHandler(
      GatewayProperties.Webhooks settings, WebhookDeadLetters deadLetters) {
    var backOff = new ExponentialBackOffWithMaxRetries(settings.attempts() - 1);
    backOff.setInitialInterval(settings.initialInterval().toMillis());
    backOff.setMultiplier(settings.multiplier());
    backOff.setMaxInterval(settings.maxInterval().toMillis());
    var handler = new DefaultErrorHandler(deadLetters::accept, backOff);
    handler.addNotRetryableExceptions(AlertJson.Unreadable.class);
    return handler;
  }
}
