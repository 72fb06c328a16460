package io.streamrag.kit.kafka;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.kafka.event.NonResponsiveConsumerEvent;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * The containers behind the follow API ({@link TopicFollow}, {@link TopicView}) and the reply
 * containers of request/reply: spring-kafka listener containers assigned every partition by hand,
 * with no consumer group, positioned where the follow says. No rebalance delays a start, no
 * committed offset is shared between replicas. A service holds this bean to start follows and to
 * have containers of its own watched ({@link #watch}); it cannot read a topic through it otherwise.
 *
 * <p>Every container started here is stopped with the application context (this is a {@link
 * SmartLifecycle}), publishes spring-kafka's events (a consumer that has not polled within {@code
 * noPollThreshold} poll timeouts raises {@link NonResponsiveConsumerEvent}), and is watched by
 * {@link ConsumerHealth}.
 */
public final class TopicReaders implements SmartLifecycle {

  /** How long a poll waits for records; also the unit of the no-poll threshold. */
  static final Duration POLL_TIMEOUT = Duration.ofSeconds(1);

  /** How long {@link #stop()} waits for its containers' consumers to close. */
  static final Duration STOP_WAIT = Duration.ofSeconds(15);

  private final KafkaClients clients;
  private final ApplicationEventPublisher events;
  private final Duration monitorInterval;
  private final Clock clock;
  private final List<MessageListenerContainer> containers = new CopyOnWriteArrayList<>();

  /** The containers the last {@link #stop()} stopped: a restarted context starts them again. */
  private final List<MessageListenerContainer> stoppedWithUs = new CopyOnWriteArrayList<>();

  private final Map<String, Instant> lastUnresponsive = new ConcurrentHashMap<>();
  private volatile boolean running = true;

  /**
   * @param monitorInterval how often each container checks that its consumer still polls
   */
  public TopicReaders(
      KafkaClients clients,
      ApplicationEventPublisher events,
      Duration monitorInterval,
      Clock clock) {
    this.clients = clients;
    this.events = events;
    this.monitorInterval = monitorInterval;
    this.clock = clock;
  }

  /**
   * Readers outside a Spring context (tests, tools): plain client settings for {@code
   * bootstrapServers}, containers' events delivered back to these readers as Spring would.
   */
  public static TopicReaders outsideSpring(String bootstrapServers, Duration monitorInterval) {
    var properties = new org.springframework.boot.kafka.autoconfigure.KafkaProperties();
    properties.setBootstrapServers(List.of(bootstrapServers));
    var self = new java.util.concurrent.atomic.AtomicReference<TopicReaders>();
    var readers =
        new TopicReaders(
            new KafkaClients(properties),
            event -> {
              if (event instanceof NonResponsiveConsumerEvent stuck) {
                self.get().onUnresponsive(stuck);
              }
            },
            monitorInterval,
            Clock.systemUTC());
    self.set(readers);
    return readers;
  }

  /** The settings clients are built from. */
  public KafkaClients clients() {
    return clients;
  }

  /**
   * A container not started yet, for the follow API ({@link TopicFollow}) and a request client's
   * reply listener ({@link RequestReply}), which set its listener and start it: watched and stopped
   * like the others. Package-private: nothing else in a service reads Kafka this way.
   */
  <V> KafkaMessageListenerContainer<String, V> container(
      String name,
      Map<String, Object> tuning,
      TopicPartitionOffset[] from,
      Deserializer<V> values) {
    var config = clients.consumer(name);
    config.putAll(tuning);
    config.remove(ConsumerConfig.GROUP_ID_CONFIG);
    var consumers = clients.consumerFactory(config, new StringDeserializer(), values);
    var properties = clients.observed(new ContainerProperties(from));
    properties.setAckMode(ContainerProperties.AckMode.MANUAL); // never acknowledged: no group
    properties.setPollTimeout(POLL_TIMEOUT.toMillis());
    properties.setMonitorInterval((int) Math.max(1, monitorInterval.toSeconds()));
    var container = new KafkaMessageListenerContainer<>(consumers, properties);
    container.setBeanName(name);
    container.setApplicationEventPublisher(events);
    containers.add(container);
    return container;
  }

  /**
   * Every partition of a topic at its end as of now, as absolute offsets: whatever is written after
   * this call is read, however late the consumer first polls.
   */
  TopicPartitionOffset[] fromTheEnd(String topic) {
    return ends(topic, Duration.ofSeconds(30)).entrySet().stream()
        .map(e -> new TopicPartitionOffset(topic, e.getKey().partition(), e.getValue()))
        .toArray(TopicPartitionOffset[]::new);
  }

  /**
   * Watches a container started elsewhere (e.g. a request client's reply container): its events
   * reach health, and it stops with the context.
   */
  public <C extends MessageListenerContainer> C watch(C container) {
    if (container
        instanceof org.springframework.kafka.listener.AbstractMessageListenerContainer<?, ?> c) {
      c.setApplicationEventPublisher(events);
      c.getContainerProperties().setMonitorInterval((int) Math.max(1, monitorInterval.toSeconds()));
    }
    containers.add(container);
    return container;
  }

  /**
   * Where each partition of a topic ends now.
   *
   * @throws IllegalStateException naming the topic when it does not exist
   */
  public Map<org.apache.kafka.common.TopicPartition, Long> ends(String topic, Duration timeout) {
    return Offsets.ends(clients, topic, timeout);
  }

  /** Stops a container and forgets it (e.g. a bounded read that is done). */
  public void stop(MessageListenerContainer container) {
    container.stop();
    containers.remove(container);
    lastUnresponsive.remove(container.getListenerId());
  }

  /** Every container started here and still owned. */
  public List<MessageListenerContainer> containers() {
    return List.copyOf(containers);
  }

  /**
   * True when the container's consumer was reported as not polling within the last two monitor
   * intervals: it is stuck in a listener, or its thread is gone.
   */
  public boolean unresponsive(MessageListenerContainer container) {
    Instant last = lastUnresponsive.get(container.getListenerId());
    return last != null
        && Duration.between(last, clock.instant()).compareTo(monitorInterval.multipliedBy(2)) < 0;
  }

  @EventListener
  void onUnresponsive(NonResponsiveConsumerEvent event) {
    if (event.getListenerId() != null) {
      lastUnresponsive.put(event.getListenerId(), clock.instant());
      // a child of a concurrent container is "<id>-<n>": its parent is the one health lists
      lastUnresponsive.put(event.getListenerId().replaceFirst("-\\d+$", ""), clock.instant());
    }
  }

  /**
   * Starts again what {@link #stop()} stopped, each from the position it was created with (a view
   * reads its topic again from the beginning, a relay from the end): a context that was stopped and
   * started (a test context paused while another ran) keeps its views following their topics.
   */
  @Override
  public void start() {
    running = true;
    for (var container : stoppedWithUs) {
      container.start();
    }
    stoppedWithUs.clear();
  }

  /**
   * Stops every container at once and waits for them all (at most {@link #STOP_WAIT}): a consumer's
   * close waits for its fetch in flight (up to a view's 5 s idle wait), so one by one the stops
   * added up.
   */
  @Override
  public void stop() {
    running = false;
    var live = containers.stream().filter(MessageListenerContainer::isRunning).toList();
    var stopped = new CountDownLatch(live.size());
    for (var container : live) {
      stoppedWithUs.add(container);
      container.stop(stopped::countDown);
    }
    try {
      stopped.await(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Stops after the listeners that use the views (the default phase) have stopped. */
  @Override
  public int getPhase() {
    return SmartLifecycle.DEFAULT_PHASE - 1_000;
  }
}
