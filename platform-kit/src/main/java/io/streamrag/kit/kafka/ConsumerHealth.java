package io.streamrag.kit.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * What every Kafka consumer of the service is doing, as two health indicators:
 *
 * <ul>
 *   <li>{@code kafkaConsumers} (readiness): DOWN while any consumer is stopped or has not polled
 *       within its limit, so traffic goes elsewhere;
 *   <li>{@code kafkaConsumersAlive} (liveness): DOWN when a consumer stopped abnormally (its thread
 *       died, it was fenced or refused authentication) and will not come back by itself: restart
 *       the process.
 * </ul>
 *
 * It sees the {@code @KafkaListener} containers and every container of {@link TopicReaders}.
 */
public final class ConsumerHealth {

  private final TopicReaders readers;
  private final ObjectProvider<KafkaListenerEndpointRegistry> listeners;
  private final ObjectProvider<MessageListenerContainer> beans;

  /**
   * @param listeners the {@code @KafkaListener} containers
   * @param beans containers declared as beans (none in the services today: the bindings' are
   *     watched through {@link TopicReaders})
   */
  public ConsumerHealth(
      TopicReaders readers,
      ObjectProvider<KafkaListenerEndpointRegistry> listeners,
      ObjectProvider<MessageListenerContainer> beans) {
    this.readers = readers;
    this.listeners = listeners;
    this.beans = beans;
  }

  public HealthIndicator readiness() {
    return () -> {
      var details = new LinkedHashMap<String, Object>();
      boolean up = true;
      for (var container : containers()) {
        String state;
        if (!container.isRunning() && !container.isAutoStartup()) {
          details.put(container.getListenerId(), "off (not started by configuration)");
          continue;
        } else if (!container.isRunning()) {
          state = "stopped";
        } else if (readers.unresponsive(container)) {
          state = "not polling";
        } else {
          state = "polling";
        }
        up &= state.equals("polling");
        details.put(container.getListenerId(), state);
      }
      return (up ? Health.up() : Health.down()).withDetails(details).build();
    };
  }

  public HealthIndicator liveness() {
    return () -> {
      Map<String, Object> dead = new LinkedHashMap<>();
      for (var container : containers()) {
        if (!container.isInExpectedState()) {
          dead.put(container.getListenerId(), "stopped abnormally");
        }
      }
      return (dead.isEmpty() ? Health.up() : Health.down()).withDetails(dead).build();
    };
  }

  private List<MessageListenerContainer> containers() {
    var all = new ArrayList<>(readers.containers());
    var registry = listeners.getIfAvailable();
    if (registry != null) {
      all.addAll(registry.getListenerContainers());
    }
    beans.orderedStream().filter(c -> !all.contains(c)).forEach(all::add);
    return all;
  }
}
