package io.streamrag.gateway.webhook;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.kit.kafka.BindingRebalance;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.kit.kafka.KafkaClients;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.cloud.stream.binding.BindingsLifecycleController;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.messaging.Message;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhook delivery: the Spring Cloud Stream binding {@value #BINDING} ({@code sensor.alerts}, one
 * consumer group shared by every replica, so each alert is handled once; topic, group and
 * concurrency in gateway-service.yml) only queues each alert for each webhook ({@link
 * EndpointQueue}: one queue per endpoint, retries with back-off, then platform-kit's {@link
 * DeadLetters}); an alert's offset is committed once all its deliveries ended (at least once). The
 * binding starts only when some key has a webhook.
 */
@Configuration(proxyBeanMethods = false)
class WebhookWiring {

  /** The binding of webhook deliveries (gateway-service.yml). */
  static final String BINDING = "webhookDeliveries-in-0";

  /** Alerts one webhook may have waiting; one more is dead-lettered at once. */
  static final int QUEUE_CAPACITY = 1024;

  /**
   * Binding {@value #BINDING}: each alert queued for the webhooks of the keys owning its sensor.
   */
  @Bean
  Consumer<Message<byte[]>> webhookDeliveries(
      GatewayProperties properties,
      WebhookQueues queues,
      ConsumerRecordRecoverer webhookDeadLetters,
      InOrderAcks acks,
      JsonMapper json) {
    return new WebhookDispatcher(
        new WebhookTargets(properties.apiKeys()), queues.byUser(), webhookDeadLetters, acks, json);
  }

  /**
   * The dead letters of the binding's alerts, most of them filed off the consumer threads after a
   * webhook's last attempt: the binding's group named, and the keys still owed each alert.
   */
  @Bean
  ConsumerRecordRecoverer webhookDeadLetters(
      KafkaClients clients, BindingServiceProperties bindings) {
    return DeadLetters.forGroup(
        clients, bindings.getBindingProperties(BINDING).getGroup(), WebhookFailed::headers);
  }

  /** One queue per webhook, by the key's user; closed with the context. */
  @Bean(destroyMethod = "close")
  WebhookQueues webhookQueues(
      GatewayProperties properties, ConsumerRecordRecoverer webhookDeadLetters) {
    var settings = properties.webhooks();
    var poster = new WebhookPoster(settings.timeout(), Clock.systemUTC());
    var queues = new LinkedHashMap<String, EndpointQueue>();
    for (var target : new WebhookTargets(properties.apiKeys()).all()) {
      queues.put(
          target.user(),
          new EndpointQueue(target, poster, webhookDeadLetters, settings, QUEUE_CAPACITY));
    }
    return new WebhookQueues(queues);
  }

  @Bean
  InOrderAcks webhookAcks() {
    return new InOrderAcks();
  }

  /** Partitions given up: their alerts still pending are read again by their next owner. */
  @Bean
  BindingRebalance webhookRebalance(InOrderAcks acks) {
    return new BindingRebalance() {
      @Override
      public String binding() {
        return BINDING;
      }

      @Override
      public void revokedAfterCommit(
          org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
          Collection<TopicPartition> partitions) {
        acks.forget(partitions);
      }
    };
  }

  /**
   * Starts the binding (bound with {@code auto-startup: false}) once the bindings are bound, when
   * some key has a webhook: with none, the gateway does not join the group, and a webhook
   * configured later gets the alerts still retained.
   */
  @Bean
  SmartLifecycle webhookBindingStart(
      GatewayProperties properties, BindingsLifecycleController bindings) {
    boolean wanted = !new WebhookTargets(properties.apiKeys()).isEmpty();
    return new SmartLifecycle() {
      private volatile boolean running;

      @Override
      public void start() {
        if (wanted) {
          bindings.start(BINDING);
        }
        running = true;
      }

      @Override
      public void stop() {
        running = false; // the binding is stopped with the others
      }

      @Override
      public boolean isRunning() {
        return running;
      }

      @Override
      public int getPhase() {
        return Integer.MAX_VALUE - 2000; // after the bindings are bound (Integer.MAX_VALUE - 3000)
      }
    };
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
