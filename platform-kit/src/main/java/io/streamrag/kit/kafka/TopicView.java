package io.streamrag.kit.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * The latest value per key of a compacted topic, held in memory: read from the beginning at start,
 * then, when following, kept current by a {@link TopicReaders} container. A {@code null} value
 * (tombstone) removes its key. Every instance reads every partition: each replica of a service sees
 * the whole topic. A record that cannot be decoded, or whose change callback fails, is logged and
 * skipped: every replica reads it, so dead-lettering it here would file it once per replica, and
 * the view must keep following whatever one record holds.
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class TopicView<V> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TopicView.class);

  /**
   * A followed topic changes rarely (configs, keys, devices), so its consumer waits up to 5 s for a
   * record, not Kafka's 0.5 s: the broker still answers as soon as one is appended (25 idle views
   * fetched twice a second each). A close waits for the fetch in flight, so a bounded read ({@link
   * #load}), closed once at the end, waits 20 ms: with 5 s, each load took 5 s.
   */
  private static final Map<String, Object> IDLE_FETCH =
      Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5_000);

  private static final Map<String, Object> READ_TO_END =
      Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20);

  private final TopicReaders readers;
  private final String topic;
  private final ViewRecords<V> records;
  private final Map<String, V> latest = new ConcurrentHashMap<>();
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private final BiConsumer<String, V> onChange;
  private final ToLongFunction<V> version;
  private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();

  /**
   * For a versioned view: the version each removed key had, so an older record cannot revive it.
   */
  private final Map<String, Long> removedAt = new ConcurrentHashMap<>();

  private final Map<TopicPartition, Long> startEnd;
  private final MessageListenerContainer container;

  private TopicView(
      TopicReaders readers,
      String topic,
      Class<V> type,
      BiConsumer<String, V> onChange,
      ToLongFunction<V> version,
      Map<String, Object> tuning) {
    this.readers = readers;
    this.topic = topic;
    this.records = new ViewRecords<>(topic, type);
    this.onChange = onChange;
    this.version = version;
    this.startEnd = Offsets.ends(readers.clients(), topic, Duration.ofSeconds(30));
    this.container =
        readers.start(
            "view-" + topic,
            tuning,
            startEnd.keySet().stream()
                .map(
                    tp ->
                        new TopicPartitionOffset(
                            topic, tp.partition(), TopicPartitionOffset.SeekPosition.BEGINNING))
                .toArray(TopicPartitionOffset[]::new),
            new Listener(),
            null);
  }

  /** Reads the topic to its current end and stops: a snapshot of its state at start-up. */
  public static <V> TopicView<V> load(
      TopicReaders readers, String topic, Class<V> type, Duration timeout) {
    var view = new TopicView<>(readers, topic, type, (k, v) -> {}, null, READ_TO_END);
    try {
      return view.caughtUpWithin(timeout);
    } finally {
      view.close();
    }
  }

  /**
   * Reads the topic from its beginning and keeps following it.
   *
   * @param onChange called with each key and its new value ({@code null} when removed)
   */
  public static <V> TopicView<V> follow(
      TopicReaders readers, String topic, Class<V> type, BiConsumer<String, V> onChange) {
    return new TopicView<>(readers, topic, type, onChange, null, IDLE_FETCH);
  }

  /**
   * Follows a topic whose writer also keeps the view current with {@link #update}: a value replaces
   * the one held only when its version is higher, so the writer's own newer state is never
   * overwritten by an older record read back late.
   */
  public static <V> TopicView<V> followVersioned(
      TopicReaders readers, String topic, Class<V> type, ToLongFunction<V> version) {
    return followVersioned(readers, topic, type, version, (k, v) -> {});
  }

  /**
   * As {@link #followVersioned(TopicReaders, String, Class, ToLongFunction)}, calling {@code
   * onChange} with each key whose value the topic changed ({@code null} when removed).
   */
  public static <V> TopicView<V> followVersioned(
      TopicReaders readers,
      String topic,
      Class<V> type,
      ToLongFunction<V> version,
      BiConsumer<String, V> onChange) {
    return new TopicView<>(readers, topic, type, onChange, version, IDLE_FETCH);
  }

  /** Waits until everything that was on the topic when following began has been read. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Waits until caught up, for start-up: a service must not act on a partial view.
   *
   * @throws IllegalStateException naming the topic when it takes longer than {@code timeout}
   */
  public TopicView<V> caughtUpWithin(Duration timeout) {
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
   * Waits until the view has read everything on the topic as of now: after it returns {@code true},
   * a key written anywhere before the call is in the view. For a lookup that missed, to tell "not
   * yet read" from "not there".
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

  /**
   * Write-through from the topic's writer: holds the value at once if newer; {@code null} removes.
   */
  public void update(String key, V value) {
    apply(key, value);
  }

  public Optional<V> get(String key) {
    return Optional.ofNullable(latest.get(key));
  }

  public Collection<V> values() {
    return latest.values();
  }

  /** An unmodifiable copy of the current state. */
  public Map<String, V> asMap() {
    return Map.copyOf(latest);
  }

  /** True while the view's consumer runs. */
  public boolean isFollowing() {
    return container.isRunning();
  }

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
    }
  }

  private boolean apply(String key, V value) {
    if (value == null) {
      V old = latest.remove(key);
      if (version != null && old != null) {
        removedAt.merge(key, version.applyAsLong(old), Math::max);
      }
      return old != null;
    }
    if (version == null) {
      latest.put(key, value);
      return true;
    }
    Long removed = removedAt.get(key);
    if (removed != null && version.applyAsLong(value) <= removed) {
      return false; // a record from before the removal, read back late
    }
    V merged =
        latest.merge(
            key,
            value,
            (old, neu) -> version.applyAsLong(neu) > version.applyAsLong(old) ? neu : old);
    return merged == value;
  }

  private void accept(ConsumerRecord<String, byte[]> record) {
    V value = records.decode(record);
    if (value == null && record.value() != null) {
      return;
    }
    if (apply(record.key(), value)) {
      try {
        onChange.accept(record.key(), value);
      } catch (RuntimeException e) {
        log.error(
            "the change of {} on {} was held but its callback failed", record.key(), topic, e);
      }
    }
  }

  private final class Listener
      implements BatchConsumerAwareMessageListener<String, byte[]>, ConsumerSeekAware {

    @Override
    public void onPartitionsAssigned(
        Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
      // Positions are resolved (the beginning) by now: an empty topic is caught up at once.
      moved(assignments);
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
      for (var record : records) {
        accept(record);
      }
      var now = new java.util.HashMap<TopicPartition, Long>();
      for (TopicPartition tp : consumer.assignment()) {
        now.put(tp, consumer.position(tp));
      }
      moved(now);
    }
  }
}
