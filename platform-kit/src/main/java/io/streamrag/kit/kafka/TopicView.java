package io.streamrag.kit.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latest value per key of a compacted topic, held in memory: a {@link TopicFollow} from the
 * beginning, read to its end at start, then, when following, kept current. A {@code null} value
 * (tombstone) removes its key. Every instance reads every partition: each replica of a service sees
 * the whole topic. A record that cannot be decoded is logged and skipped (a view's {@link
 * FollowFailures#logAndSkip() failure policy}): every replica reads it, so dead-lettering it here
 * would file it once per replica, and the view must keep following whatever one record holds.
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class TopicView<V> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TopicView.class);

  /**
   * A followed topic changes rarely (configs, keys, devices), so its consumer waits up to 5 s for a
   * record, not Kafka's 0.5 s: the broker still answers as soon as one is appended (25 idle views
   * fetched twice a second each). A bounded read ({@link #load}) waits 20 ms ({@link
   * FollowFrom#toTheEnd()}): a close waits for the fetch in flight, and with 5 s each load took 5
   * s.
   */
  private static final Map<String, Object> IDLE_FETCH =
      Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5_000);

  private final String topic;
  private final Map<String, V> latest = new ConcurrentHashMap<>();
  private final BiConsumer<String, V> onChange;
  private final ToLongFunction<V> version;

  /**
   * For a versioned view: the version each removed key had, so an older record cannot revive it.
   */
  private final Map<String, Long> removedAt = new ConcurrentHashMap<>();

  private TopicFollow<V> follow;

  private TopicView(String topic, BiConsumer<String, V> onChange, ToLongFunction<V> version) {
    this.topic = topic;
    this.onChange = onChange;
    this.version = version;
  }

  /** Reads the topic to its current end and stops: a snapshot of its state at start-up. */
  public static <V> TopicView<V> load(
      TopicReaders readers, String topic, Class<V> type, Duration timeout) {
    var view = new TopicView<V>(topic, (k, v) -> {}, null);
    TopicFollow.of(readers, topic, type).named("view-" + topic).readToEnd(timeout, view::accept);
    return view;
  }

  /**
   * Reads the topic from its beginning and keeps following it.
   *
   * @param onChange called with each key and its new value ({@code null} when removed)
   */
  public static <V> TopicView<V> follow(
      TopicReaders readers, String topic, Class<V> type, BiConsumer<String, V> onChange) {
    return new TopicView<V>(topic, onChange, null).started(readers, type);
  }

  /**
   * Reads the topic from its beginning to its end as of now, then keeps following it, for a service
   * that only looks values up.
   *
   * @throws IllegalStateException naming the topic when reading to its end takes longer than {@code
   *     timeout}
   */
  public static <V> TopicView<V> followed(
      TopicReaders readers, String topic, Class<V> type, Duration timeout) {
    return follow(readers, topic, type, (k, v) -> {}).caughtUpWithin(timeout);
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
    return new TopicView<>(topic, onChange, version).started(readers, type);
  }

  /** Waits until everything that was on the topic when following began has been read. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return follow.awaitCaughtUp(timeout);
  }

  /**
   * Waits until caught up, for start-up: a service must not act on a partial view.
   *
   * @throws IllegalStateException naming the topic when it takes longer than {@code timeout}
   */
  public TopicView<V> caughtUpWithin(Duration timeout) {
    follow.caughtUpWithin(timeout);
    return this;
  }

  /**
   * Waits until the view has read everything on the topic as of now: after it returns {@code true},
   * a key written anywhere before the call is in the view. For a lookup that missed, to tell "not
   * yet read" from "not there".
   */
  public boolean catchUp(Duration timeout) {
    return follow.catchUp(timeout);
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
    return follow != null && follow.isRunning();
  }

  @Override
  public void close() {
    if (follow != null) {
      follow.close();
    }
  }

  private TopicView<V> started(TopicReaders readers, Class<V> type) {
    follow =
        TopicFollow.of(readers, topic, type)
            .named("view-" + topic)
            .tuning(IDLE_FETCH)
            .start(this::accept);
    return this;
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

  private void accept(Followed<V> record) {
    V value = record.value(); // an unreadable record throws: the follow logs and skips it
    if (apply(record.key(), value)) {
      try {
        onChange.accept(record.key(), value);
      } catch (RuntimeException e) {
        log.error(
            "the change of {} on {} was held but its callback failed", record.key(), topic, e);
      }
    }
  }
}
