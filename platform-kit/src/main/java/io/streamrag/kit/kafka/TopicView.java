package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest value per key of a compacted topic, held in memory: read from the beginning at start,
 * then, when following, kept current by a background thread. A {@code null} value (tombstone)
 * removes its key. Every instance reads every partition: each replica of a service sees the whole
 * topic.
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class TopicView<V> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TopicView.class);

  private final String topic;
  private final Class<V> type;
  private final KafkaConsumer<String, byte[]> consumer;
  private final AvroDeserializer avro = new AvroDeserializer();
  private final Map<String, V> latest = new ConcurrentHashMap<>();
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private final BiConsumer<String, V> onChange;
  private final ToLongFunction<V> version;
  private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();
  private final String bootstrapServers;
  private volatile boolean running = true;

  private TopicView(
      String bootstrapServers,
      String topic,
      Class<V> type,
      BiConsumer<String, V> onChange,
      ToLongFunction<V> version) {
    this.topic = topic;
    this.type = type;
    this.bootstrapServers = bootstrapServers;
    this.onChange = onChange;
    this.version = version;
    this.consumer =
        PartitionReader.assignAll(
            bootstrapServers, topic, "view-" + topic + "-" + System.identityHashCode(this), 100);
  }

  /** Reads the topic to its current end and stops: a snapshot of its state at start-up. */
  public static <V> TopicView<V> load(
      String bootstrapServers, String topic, Class<V> type, Duration timeout) {
    var view = new TopicView<>(bootstrapServers, topic, type, (k, v) -> {}, null);
    try {
      Map<TopicPartition, Long> end = view.assignFromBeginning();
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!view.reached(end)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "could not read " + topic + " to its end within " + timeout);
        }
        view.pollOnce();
      }
      return view;
    } finally {
      view.consumer.close();
    }
  }

  /**
   * Reads the topic from its beginning and keeps following it on a daemon thread.
   *
   * @param onChange called with each key and its new value ({@code null} when removed)
   */
  public static <V> TopicView<V> follow(
      String bootstrapServers, String topic, Class<V> type, BiConsumer<String, V> onChange) {
    return start(new TopicView<>(bootstrapServers, topic, type, onChange, null));
  }

  /**
   * Follows a topic whose writer also keeps the view current with {@link #update}: a value replaces
   * the one held only when its version is higher, so the writer's own newer state is never
   * overwritten by an older record read back late.
   */
  public static <V> TopicView<V> followVersioned(
      String bootstrapServers, String topic, Class<V> type, ToLongFunction<V> version) {
    return followVersioned(bootstrapServers, topic, type, version, (k, v) -> {});
  }

  /**
   * As {@link #followVersioned(String, String, Class, ToLongFunction)}, calling {@code onChange}
   * with each key whose value the topic changed ({@code null} when removed).
   */
  public static <V> TopicView<V> followVersioned(
      String bootstrapServers,
      String topic,
      Class<V> type,
      ToLongFunction<V> version,
      BiConsumer<String, V> onChange) {
    return start(new TopicView<>(bootstrapServers, topic, type, onChange, version));
  }

  private static <V> TopicView<V> start(TopicView<V> view) {
    var thread = new Thread(view::run, "view-" + view.topic);
    thread.setDaemon(true);
    thread.start();
    return view;
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
    try (var offsets =
        new KafkaConsumer<>(
            Map.<String, Object>of(
                "bootstrap.servers", bootstrapServers, "client.id", "view-catch-up-" + topic),
            new org.apache.kafka.common.serialization.ByteArrayDeserializer(),
            new org.apache.kafka.common.serialization.ByteArrayDeserializer())) {
      end = offsets.endOffsets(PartitionReader.partitions(offsets, topic), timeout);
    } catch (RuntimeException e) {
      log.warn("cannot read the end of {}: {}", topic, e.getMessage());
      return false;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (positions) {
      while (!end.entrySet().stream()
          .allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
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

  @Override
  public void close() {
    running = false;
    consumer.wakeup();
  }

  private void run() {
    try {
      Map<TopicPartition, Long> end = assignFromBeginning();
      while (running) {
        pollOnce();
        if (caughtUp.getCount() > 0 && reached(end)) {
          caughtUp.countDown();
        }
      }
    } catch (WakeupException stopping) {
      // closed
    } catch (RuntimeException e) {
      log.error("view of {} stopped", topic, e);
    } finally {
      consumer.close();
    }
  }

  private Map<TopicPartition, Long> assignFromBeginning() {
    var partitions = consumer.assignment();
    consumer.seekToBeginning(partitions);
    return consumer.endOffsets(partitions);
  }

  private boolean reached(Map<TopicPartition, Long> end) {
    return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }

  private void pollOnce() {
    for (var record : consumer.poll(Duration.ofMillis(200))) {
      V value = decode(record.value());
      if (value == null && record.value() != null) {
        continue;
      }
      if (apply(record.key(), value)) {
        onChange.accept(record.key(), value);
      }
    }
    synchronized (positions) {
      for (TopicPartition p : consumer.assignment()) {
        positions.put(p, consumer.position(p));
      }
      positions.notifyAll();
    }
  }

  private boolean apply(String key, V value) {
    if (value == null) {
      return latest.remove(key) != null;
    }
    if (version == null) {
      latest.put(key, value);
      return true;
    }
    V merged =
        latest.merge(
            key,
            value,
            (old, neu) -> version.applyAsLong(neu) > version.applyAsLong(old) ? neu : old);
    return merged == value;
  }

  private V decode(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    try {
      Object value = avro.deserialize(topic, bytes);
      if (type.isInstance(value)) {
        return type.cast(value);
      }
      log.warn(
          "skipped a {} on {}: expected {}",
          value.getClass().getSimpleName(),
          topic,
          type.getSimpleName());
    } catch (RuntimeException e) {
      log.warn("skipped an unreadable record on {}: {}", topic, e.getMessage());
    }
    return null;
  }
}
