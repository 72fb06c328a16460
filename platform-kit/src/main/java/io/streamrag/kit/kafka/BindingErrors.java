package io.streamrag.kit.kafka;

import java.util.Objects;
import java.util.function.BiFunction;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.cloud.stream.binder.kafka.ListenerContainerWithDlqAndRetryCustomizer;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.FixedBackOff;

/**
 * Failures of Spring Cloud Stream bindings handled as every other consumer's: the container's
 * {@link DefaultErrorHandler} retries a failing record with the binding's back-off ({@code
 * max-attempts}, {@code back-off-initial-interval}…: ingest retries 3 times so a store or broker
 * hiccup passes, a chat is never retried), then files it with {@link DeadLetters} (the catalogue's
 * dead-letter topic, spring-kafka's {@code kafka_dlt-*} headers) and moves on, so a poison record
 * never stalls its partition. A record that cannot be decoded goes there at once. The binding's own
 * retry and DLQ are off (why: docs/architecture/kafka-reads.md); the containers are watched by
 * {@link ConsumerHealth}, and one of a binding bound with {@code auto-startup: false} counts as off
 * by configuration, not stopped, until something starts it.
 */
public final class BindingErrors implements ListenerContainerWithDlqAndRetryCustomizer {

  private final KafkaClients clients;
  private final TopicReaders readers;
  private final ObjectProvider<BindingServiceProperties> bindings;

  public BindingErrors(
      KafkaClients clients,
      TopicReaders readers,
      ObjectProvider<BindingServiceProperties> bindings) {
    this.clients = clients;
    this.readers = readers;
    this.bindings = bindings;
  }

  @Override
  public void configure(
      AbstractMessageListenerContainer<?, ?> container,
      String destinationName,
      String group,
      BiFunction<ConsumerRecord<?, ?>, Exception, TopicPartition> dlqDestinationResolver,
      BackOff backOff) {
    // no back-off from the binder: max-attempts 1, a record that fails is filed at once
    var errors =
        new DefaultErrorHandler(
            DeadLetters.recoverer(clients, null),
            backOff == null ? new FixedBackOff(0, 0) : backOff);
    errors.addNotRetryableExceptions(UndecodableRecordException.class);
    container.setCommonErrorHandler(errors);
    clients.committedAsync(clients.observed(container.getContainerProperties()));
    container.setAutoStartup(autoStartup(destinationName, group));
    readers.watch(container);
  }

  /** False for the container of a binding configured not to start with the application. */
  private boolean autoStartup(String destination, String group) {
    var properties = bindings.getIfAvailable();
    if (properties == null) {
      return true;
    }
    return properties.getBindings().values().stream()
        .filter(b -> destination.equals(b.getDestination()) && Objects.equals(group, b.getGroup()))
        .findFirst()
        .map(b -> b.getConsumer() == null || b.getConsumer().isAutoStartup())
        .orElse(true);
  }

  @Override
  public boolean retryAndDlqInBinding(String destinationName, String group) {
    return false;
  }
}
