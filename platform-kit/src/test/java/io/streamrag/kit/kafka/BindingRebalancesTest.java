package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The binder's one rebalance listener: each binding's part hears its own binding's partitions move,
 * and no other's.
 */
class BindingRebalancesTest {

  record Heard(String binding, String call, Collection<TopicPartition> partitions) {}

  static BindingRebalance part(String binding, List<Heard> heard) {
    return new BindingRebalance() {
      @Override
      public String binding() {
        return binding;
      }

      @Override
      public void assigned(
          Consumer<?, ?> consumer, Collection<TopicPartition> partitions, boolean initial) {
        heard.add(new Heard(binding, initial ? "assigned first" : "assigned", partitions));
      }

      @Override
      public void revokedBeforeCommit(
          Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        heard.add(new Heard(binding, "revoked before commit", partitions));
      }

      @Override
      public void revokedAfterCommit(
          Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        heard.add(new Heard(binding, "revoked after commit", partitions));
      }
    };
  }

  @Test
  void eachBindingsPartHearsOnlyItsOwnBinding() {
    var heard = new ArrayList<Heard>();
    var listener =
        new BindingRebalances(
            List.of(
                part("relay-in-0", heard),
                part("webhooks-in-0", heard),
                new BindingRebalance() {
                  @Override
                  public String binding() {
                    return "quiet-in-0"; // only the defaults: nothing to do on any call
                  }
                }));
    var answers = List.of(new TopicPartition("chat.answers", 3));
    var alerts = List.of(new TopicPartition("sensor.alerts", 0));

    listener.onPartitionsAssigned("relay-in-0", null, answers, true);
    listener.onPartitionsRevokedBeforeCommit("webhooks-in-0", null, alerts);
    listener.onPartitionsRevokedAfterCommit("webhooks-in-0", null, alerts);
    listener.onPartitionsAssigned("quiet-in-0", null, alerts, false);
    listener.onPartitionsAssigned("nobody-in-0", null, alerts, false);

    assertThat(heard)
        .containsExactly(
            new Heard("relay-in-0", "assigned first", answers),
            new Heard("webhooks-in-0", "revoked before commit", alerts),
            new Heard("webhooks-in-0", "revoked after commit", alerts));
  }
}
