package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.AbstractConsumerSeekAware;
import org.springframework.kafka.listener.BatchConsumerAwareMessageListener;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;

/**
 * The one way a service reads a topic whole on every replica: every partition by manual assignment,
 * no consumer group, from a {@link FollowFrom position} (the beginning, the end, a time back,
 * offsets its owner supplies; bounded or not), each record handed to a typed {@link Handler},
 * failures as its {@link FollowFailures policy} says (a view's: log and skip). Built with {@link
 * #of}; the container is one of {@link TopicReaders}' (stopped with the context, watched by {@link
 * ConsumerHealth}).
 *
 * <p>It knows where each partition ended when it started, and is <em>caught up</em> once it has
 * read that far: a view is not used before (its owner waits with {@link #caughtUpWithin}), a
 * bounded read ends there. An owner that moves the read itself (a shared reader whose reads start
 * at offsets of their own) pauses, resumes and seeks partitions through spring-kafka's {@code
 * ConsumerSeekAware} callbacks ({@link #seek}).
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class TopicFollow<V> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TopicFollow.class);

  /** Takes one record of the follow, on its consumer thread. */
  @FunctionalInterface
  public interface Handler<V> {
    void handle(Followed<V> record);
  }

  private final TopicReaders readers;
  private final String topic;
  private final Class<V> type;
  private final FollowSettings<V> settings;
  private final Map<TopicPartition, Long> startEnd;
  private final Map<TopicPartition, Long> startFrom = new ConcurrentHashMap<>();
  private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();

  /** Per partition, the offset after the last record handled: a poll retried skips those. */
  private final Map<TopicPartition, Long> handled = new HashMap<>();

  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private final AvroDeserializer avro = new AvroDeserializer();
  private final DeadLetterPublishingRecoverer deadLetters;
  private final Listener listener = new Listener();
  private final KafkaMessageListenerContainer<String, byte[]> container;

  TopicFollow(TopicReaders readers, String topic, Class<V> type, FollowSettings<V> settings) {
    this.readers = readers;
    this.topic = topic;
    this.type = type;
    this.settings = settings;
    this.startEnd = Offsets.ends(readers.clients(), topic, Duration.ofSeconds(30));
    this.deadLetters =
        settings.failures.deadLetters() ? DeadLetters.recoverer(readers.clients(), null) : null;
    var from = settings.from.resolve(readers.clients(), topic, startEnd);
    container = readers.container(settings.name, settings.tuning, from, settings.values());
    var properties = container.getContainerProperties();
    properties.setMessageListener(listener);
    if (settings.pollTimeout != null) {
      properties.setPollTimeout(settings.pollTimeout.toMillis());
      // 5 s without a poll is stuck, as for the other readers
      properties.setNoPollThreshold(Math.max(3f, 5_000f / settings.pollTimeout.toMillis()));
    }
    var errors = settings.failures.errorHandler();
    if (errors != null) {
      container.setCommonErrorHandler(errors);
    }
    if (settings.paused) {
      startEnd.keySet().forEach(container::pausePartition);
    }
    container.start();
  }

  /** A follow of {@code topic}, its values read as {@code type}: set it up, then start it. */
  public static <V> FollowSettings<V> of(TopicReaders readers, String topic, Class<V> type) {
    return new FollowSettings<>(readers, topic, type);
  }

  /** Waits until everything that was on the topic when the follow started has been handled. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** True once everything that was on the topic when the follow started has been handled. */
  public boolean isCaughtUp() {
    return caughtUp.getCount() == 0;
  }

  /**
   * Waits until caught up, for start-up: a service must not act on a partial view.
   *
   * @throws IllegalStateException naming the topic when it takes longer than {@code timeout}; the
   *     follow is closed then
   */
  public TopicFollow<V> caughtUpWithin(Duration timeout) {
    try {
      if (awaitCaughtUp(timeout)) {
        return this;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    close();
    throw new IllegalStateException("could not read " + topic + " to its end within " + timeout);
  }

  /**
   * Waits until the follow has handled everything on the topic as of now: after it returns {@code
   * true}, a record written anywhere before the call was handled.
   */
  public boolean catchUp(Duration timeout) {
    Map<TopicPartition, Long> end;
    try {
      end = Offsets.ends(readers.clients(), topic, timeout);
    } catch (RuntimeException e) {
      log.warn("cannot read the end of {}: {}", topic, e.getMessage());
      return false;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (positions) {
      while (!reached(end)) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          positions.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }

  /** Where each partition ended when the follow started. */
  public Map<TopicPartition, Long> ends() {
    return Map.copyOf(startEnd);
  }

  /** Where each partition was first read from. */
  public Map<TopicPartition, Long> startedFrom() {
    return Map.copyOf(startFrom);
  }

  /** The next offset to read on each partition, as of the last poll handled. */
  public Map<TopicPartition, Long> positions() {
    return Map.copyOf(positions);
  }

  /** How many partitions the topic has. */
  public int partitions() {
    return startEnd.size();
  }

  /** True while the follow's consumer runs. */
  public boolean isRunning() {
    return container.isRunning();
  }

  /** Stops reading {@code partition} until {@link #resume}d. */
  public void pause(int partition) {
    container.pausePartition(new TopicPartition(topic, partition));
  }

  public void resume(int partition) {
    container.resumePartition(new TopicPartition(topic, partition));
  }

  /**
   * Moves the read of {@code partition} before the consumer's next poll, to where {@code to} says
   * given where it is (computed on the consumer thread). Before the first assignment there is
   * nothing to move: the owner's {@link FollowSettings#onAssigned} hook moves it then.
   */
  public void seek(int partition, LongUnaryOperator to) {
    var callbacks = listener.callbacksFor(new TopicPartition(topic, partition));
    for (var callback : callbacks) {
      callback.seek(topic, partition, current -> to.applyAsLong(current));
    }
  }

  /** Stops the follow; its consumer is closed and no longer watched. */
  @Override
  public void close() {
    readers.stop(container);
  }

  private boolean reached(Map<TopicPartition, Long> end) {
    return end.entrySet().stream()
        .allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue());
  }

  private void moved(Map<TopicPartition, Long> now) {
    synchronized (positions) {
      positions.putAll(now);
      positions.notifyAll();
    }
    if (caughtUp.getCount() > 0 && reached(startEnd)) {
      caughtUp.countDown();
      settings.onCaughtUp.run();
    }
  }

  private void onPoll(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
    for (var record : records) {
      var tp = new TopicPartition(record.topic(), record.partition());
      if (record.offset() < handled.getOrDefault(tp, -1L)) {
        continue; // handled before a later record of this poll failed: the poll is retried
      }
      if (!settings.from.bounded() || record.offset() < startEnd.getOrDefault(tp, 0L)) {
        var followed = new Followed<>(record, avro, type);
        settings.failures.handle(followed, settings.handler, consumer, deadLetters);
      }
      handled.put(tp, record.offset() + 1);
    }
    handled.clear(); // the poll is done: a seek back reads its records again
    var now = new HashMap<TopicPartition, Long>();
    consumer.assignment().forEach(tp -> now.put(tp, consumer.position(tp)));
    settings.afterPoll.accept(Map.copyOf(now));
    moved(now);
  }

  private final class Listener extends AbstractConsumerSeekAware
      implements BatchConsumerAwareMessageListener<String, byte[]> {

    /** Positions are resolved by now: a topic with nothing to read is caught up at once. */
    @Override
    public void onPartitionsAssigned(
        Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
      super.onPartitionsAssigned(assignments, callback);
      handled.clear();
      assignments.forEach(startFrom::putIfAbsent);
      settings.onAssigned.accept(
          TopicFollow.this, assignments.keySet().stream().map(TopicPartition::partition).toList());
      moved(assignments);
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
      onPoll(records, consumer);
    }

    List<ConsumerSeekCallback> callbacksFor(TopicPartition partition) {
      var callbacks = getSeekCallbacksFor(partition);
      return callbacks == null ? List.of() : callbacks;
    }
  }
}
