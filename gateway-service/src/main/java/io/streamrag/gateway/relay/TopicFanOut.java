package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import reactor.core.publisher.Flux;

/**
 * Relays a topic's records to the HTTP streams waiting on this replica for their key: alerts by
 * sensor. (Chat answers have their own relay, {@link AnswerRelay}, which reads only this replica's
 * share of {@code chat.answers}.)
 *
 * <p>Every replica reads every partition from its end ({@link TopicReaders}: a spring-kafka
 * listener container assigned by hand, no group, no rebalance delay, no committed offsets). It
 * keeps the records someone here waits for, so a record reaches its client whichever replica the
 * client is connected to. A subscription opened before a record is published gets it; every
 * subscription of a key gets every record of that key; a subscriber that leaves is removed. An
 * unreadable record is logged and skipped: every replica reads it, so dead-lettering it here would
 * file it once per replica.
 *
 * @param <V> the topic's record type
 */
public final class TopicFanOut<V> implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TopicFanOut.class);

  private final TopicReaders readers;
  private final TopicSpec topic;
  private final Class<V> type;
  private final Subscriptions<V, Subscriptions.Subscription<V>> subscriptions =
      new Subscriptions<>();
  private final CountDownLatch positioned = new CountDownLatch(1);
  private final AvroDeserializer avro = new AvroDeserializer();
  private final KafkaMessageListenerContainer<String, byte[]> container;

  /**
   * Starts relaying {@code topic} and returns once every partition's end is known: from then on no
   * record is missed.
   *
   * @throws IllegalStateException if the topic's ends are not known {@code within} that time
   */
  public static <V> TopicFanOut<V> start(
      TopicReaders readers, TopicSpec topic, Class<V> type, Duration within)
      throws InterruptedException {
    var fanOut = new TopicFanOut<>(readers, topic, type);
    fanOut.container.start();
    if (!fanOut.positioned.await(within.toMillis(), TimeUnit.MILLISECONDS)) {
      fanOut.close();
      throw new IllegalStateException(
          "could not position on " + topic.name() + " within " + within.toSeconds() + " s");
    }
    return fanOut;
  }

  private TopicFanOut(TopicReaders readers, TopicSpec topic, Class<V> type) {
    this.readers = readers;
    this.topic = topic;
    this.type = type;
    this.container =
        readers.container(
            "gateway-fan-out-" + topic.name(),
            Map.of(),
            readers.fromTheEnd(topic.name()),
            new ByteArrayDeserializer());
    container.getContainerProperties().setMessageListener(new Listener());
  }

  /** True while every partition's end is known and the topic is being read. */
  public boolean isReady() {
    return positioned.getCount() == 0 && container.isRunning();
  }

  /**
   * Opens a subscription to a key's records, registered now: what arrives before the returned
   * stream is subscribed is buffered. It ends when its subscriber cancels.
   */
  public Flux<V> open(String key) {
    return subscriptions.open(key, new Subscriptions.Subscription<>());
  }

  /** Drops the subscriptions of a key that nobody will subscribe to (e.g. its request failed). */
  public void cancel(String key) {
    subscriptions.removeAll(key);
  }

  /** How many subscriptions are open on this replica. */
  public int openSubscriptions() {
    return subscriptions.size();
  }

  @Override
  public void close() {
    readers.stop(container);
  }

  private final class Listener implements MessageListener<String, byte[]>, ConsumerSeekAware {

    @Override
    public void onPartitionsAssigned(
        Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
      // The container resolved each end position before calling this.
      positioned.countDown();
    }

    @Override
    public void onMessage(ConsumerRecord<String, byte[]> record) {
      if (record.key() == null || !subscriptions.anyFor(record.key())) {
        return; // nobody here waits for it: not even decoded
      }
      try {
        Object value = avro.deserialize(topic.name(), record.value());
        if (type.isInstance(value)) {
          V delivered = type.cast(value);
          subscriptions.of(record.key()).forEach(s -> s.emit(delivered));
        }
      } catch (RuntimeException e) {
        log.warn(
            "skipped an unreadable record on {} at {}-{}: {}",
            topic.name(),
            record.partition(),
            record.offset(),
            e.getMessage());
      }
    }
  }
}
