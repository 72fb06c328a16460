package io.streamrag.kit.kafka;

import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * What one Spring Cloud Stream binding does when its group moves partitions, on its consumer's
 * thread. The Kafka binder takes one {@code KafkaBindingRebalanceListener} bean for all bindings,
 * and silently none when there are two (it asks {@code getIfUnique}); so a binding that needs one
 * declares a bean of this type, and platform-kit's single listener ({@link BindingRebalances})
 * calls it for its own binding only.
 *
 * <p>Partitions lost (the consumer was fenced: a long pause, a missed session) come as revoked:
 * spring-kafka calls {@link #revokedBeforeCommit} for them too, while the consumer can still tell
 * its position in them.
 */
public interface BindingRebalance {

  /** The binding whose partitions these are, e.g. {@code answerRelay-in-0}. */
  String binding();

  /** Partitions given to the binding's consumer; {@code initial} on its first assignment. */
  default void assigned(
      Consumer<?, ?> consumer, Collection<TopicPartition> partitions, boolean initial) {}

  /** Partitions taken away (or lost), before the container commits what it acknowledged. */
  default void revokedBeforeCommit(
      Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {}

  /** Partitions taken away (or lost), after that commit. */
  default void revokedAfterCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {}
}
