package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.Followed;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.TopicSpec;
import java.time.Duration;
import reactor.core.publisher.Flux;

/**
 * Relays a topic's records to the HTTP streams waiting on this replica for their key: alerts by
 * sensor. (Chat answers have their own relay, {@link AnswerRelay}, which reads only this replica's
 * share of {@code chat.answers}.)
 *
 * <p>Every replica reads every partition from its end (a {@link TopicFollow}: assigned by hand, no
 * group, no rebalance delay, no committed offsets). It keeps the records someone here waits for, so
 * a record reaches its client whichever replica the client is connected to. A subscription opened
 * before a record is published gets it; every subscription of a key gets every record of that key;
 * a subscriber that leaves is removed. An unreadable record is logged and skipped (a view's failure
 * policy): every replica reads it, so dead-lettering it here would file it once per replica.
 *
 * @param <V> the topic's record type
 */
public final class TopicFanOut<V> implements AutoCloseable {

  private final Subscriptions<V, Subscriptions.Subscription<V>> subscriptions =
      new Subscriptions<>();
  private TopicFollow<V> follow;

  /**
   * Starts relaying {@code topic} and returns once every partition's end is known: from then on no
   * record is missed.
   *
   * @throws IllegalStateException if the topic's ends are not known {@code within} that time
   */
  public static <V> TopicFanOut<V> start(
      TopicReaders readers, TopicSpec topic, Class<V> type, Duration within)
      throws InterruptedException {
    var fanOut = new TopicFanOut<V>();
    fanOut.follow =
        TopicFollow.of(readers, topic.name(), type)
            .named("gateway-fan-out-" + topic.name())
            .from(FollowFrom.end())
            .start(fanOut::onRecord);
    // from the end, the follow is caught up once its partitions are assigned at their ends
    if (!fanOut.follow.awaitCaughtUp(within)) {
      fanOut.close();
      throw new IllegalStateException(
          "could not position on " + topic.name() + " within " + within.toSeconds() + " s");
    }
    return fanOut;
  }

  private TopicFanOut() {}

  /** True while every partition's end is known and the topic is being read. */
  public boolean isReady() {
    return follow.isCaughtUp() && follow.isRunning();
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
    follow.close();
  }

  private void onRecord(Followed<V> record) {
    if (record.key() == null || !subscriptions.anyFor(record.key())) {
      return; // nobody here waits for it: not even decoded
    }
    V delivered = record.value(); // an unreadable record throws: the follow logs and skips it
    if (delivered != null) {
      subscriptions.of(record.key()).forEach(s -> s.emit(delivered));
    }
  }
}
