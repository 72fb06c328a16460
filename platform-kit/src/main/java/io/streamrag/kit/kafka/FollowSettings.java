package io.streamrag.kit.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * How a {@link TopicFollow} reads, set before it starts: its name, its {@link FollowFrom position},
 * its {@link FollowFailures failure policy} and the hooks an owner needs around each poll.
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class FollowSettings<V> {

  /**
   * A bounded read is closed once at its end, and a close waits for the fetch in flight: 20 ms, not
   * Kafka's 0.5 s (or a view's 5 s idle wait).
   */
  private static final Map<String, Object> READ_TO_END =
      Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20);

  private final TopicReaders readers;
  private final String topic;
  private final Class<V> type;
  String name;
  FollowFrom from = FollowFrom.beginning();
  final Map<String, Object> tuning = new HashMap<>();
  FollowFailures failures = FollowFailures.logAndSkip();
  Duration pollTimeout;
  boolean paused;
  Consumer<Map<TopicPartition, Long>> afterPoll = positions -> {};
  BiConsumer<TopicFollow<V>, Collection<Integer>> onAssigned = (follow, partitions) -> {};
  Runnable onCaughtUp = () -> {};
  TopicFollow.Handler<V> handler;

  FollowSettings(TopicReaders readers, String topic, Class<V> type) {
    this.readers = readers;
    this.topic = topic;
    this.type = type;
    this.name = "follow-" + topic;
  }

  /** The consumer's id in logs, events and health, unique in the process. */
  public FollowSettings<V> named(String name) {
    this.name = name;
    return this;
  }

  /** Where each partition is read from; the beginning unless told. */
  public FollowSettings<V> from(FollowFrom from) {
    this.from = from;
    return this;
  }

  /** Consumer settings the use needs (e.g. a longer fetch wait), on top of the service's. */
  public FollowSettings<V> tuning(Map<String, Object> tuning) {
    this.tuning.putAll(tuning);
    return this;
  }

  /** The failure policy; a view's ({@link FollowFailures#logAndSkip()}) unless told. */
  public FollowSettings<V> failures(FollowFailures failures) {
    this.failures = failures;
    return this;
  }

  /** How long a poll waits, when a seek must not wait for the usual 1 s. */
  public FollowSettings<V> pollTimeout(Duration pollTimeout) {
    this.pollTimeout = pollTimeout;
    return this;
  }

  /** Every partition starts paused: its owner resumes those somebody reads. */
  public FollowSettings<V> paused() {
    this.paused = true;
    return this;
  }

  /**
   * Called on the consumer thread after each poll's records were handled, with the next offset of
   * each partition (e.g. to make a poll's changes searchable at once, then checkpoint them).
   */
  public FollowSettings<V> afterPoll(Consumer<Map<TopicPartition, Long>> afterPoll) {
    this.afterPoll = afterPoll;
    return this;
  }

  /**
   * Called on the consumer thread when it is (re)assigned its partitions, each at its start
   * position, with the follow (which may {@link TopicFollow#seek} them already).
   */
  public FollowSettings<V> onAssigned(BiConsumer<TopicFollow<V>, Collection<Integer>> onAssigned) {
    this.onAssigned = onAssigned;
    return this;
  }

  /** Called once, when the follow has read what was on the topic at its start. */
  public FollowSettings<V> onCaughtUp(Runnable onCaughtUp) {
    this.onCaughtUp = onCaughtUp;
    return this;
  }

  /** Starts following, each record handed to {@code handler}. */
  public TopicFollow<V> start(TopicFollow.Handler<V> handler) {
    this.handler = handler;
    if (from.bounded()) {
      READ_TO_END.forEach(tuning::putIfAbsent);
    }
    return new TopicFollow<>(readers, topic, type, this);
  }

  /**
   * Reads from the position to the topic's end as of now, each record handed to {@code handler},
   * and closes: a bounded read (an import, an operator's replay).
   *
   * @throws IllegalStateException naming the topic when the end is not reached within {@code
   *     timeout}
   */
  public void readToEnd(Duration timeout, TopicFollow.Handler<V> handler) {
    from = from.toTheEnd();
    try (var follow = start(handler)) {
      follow.caughtUpWithin(timeout);
    }
  }

  ByteArrayDeserializer values() {
    return new ByteArrayDeserializer();
  }
}
