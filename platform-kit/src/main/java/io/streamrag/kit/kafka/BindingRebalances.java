package io.streamrag.kit.kafka;

import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.cloud.stream.binder.kafka.KafkaBindingRebalanceListener;

/**
 * The application's one {@link KafkaBindingRebalanceListener}: each call goes to the {@link
 * BindingRebalance}s of its binding.
 */
public final class BindingRebalances implements KafkaBindingRebalanceListener {

  private final List<BindingRebalance> parts;

  public BindingRebalances(List<BindingRebalance> parts) {
    this.parts = List.copyOf(parts);
  }

  @Override
  public void onPartitionsAssigned(
      String binding,
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      Collection<TopicPartition> partitions,
      boolean initial) {
    each(binding, part -> part.assigned(consumer, partitions, initial));
  }

  @Override
  public void onPartitionsRevokedBeforeCommit(
      String binding,
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      Collection<TopicPartition> partitions) {
    each(binding, part -> part.revokedBeforeCommit(consumer, partitions));
  }

  @Override
  public void onPartitionsRevokedAfterCommit(
      String binding,
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      Collection<TopicPartition> partitions) {
    each(binding, part -> part.revokedAfterCommit(consumer, partitions));
  }

  private void each(String binding, Consumer<BindingRebalance> call) {
    for (var part : parts) {
      if (part.binding().equals(binding)) {
        call.accept(part);
      }
    }
  }
}
