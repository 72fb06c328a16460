package io.streamrag.llm.intake;

import io.streamrag.kit.kafka.BindingRebalance;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the chat requests binding does when the group moves partitions, on the consumer's thread.
 *
 * <p>Partitions given up (another instance joined, or this one leaves) first finish the answers
 * running for them, at most {@code handOver}: the container commits their offsets right after, so
 * the new owner starts after them instead of answering them again. Their unstarted requests go with
 * them at once; their offsets are not committed here after that.
 *
 * <p>When a rebalance ends, the offsets acknowledged so far for the partitions kept are committed
 * again: an answer that ended while the group was rebalancing had its commit refused, and nothing
 * later on a quiet partition would commit past it.
 */
public final class AnswerRebalance implements BindingRebalance {

  private static final Logger log = LoggerFactory.getLogger(AnswerRebalance.class);

  private final String binding;
  private final AnswerBudget budget;
  private final Duration handOver;

  public AnswerRebalance(String binding, AnswerBudget budget, Duration handOver) {
    this.binding = binding;
    this.budget = budget;
    this.handOver = handOver;
  }

  @Override
  public String binding() {
    return binding;
  }

  @Override
  public void revokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
    await(partitions);
    budget.revoked(partitions);
  }

  @Override
  public void assigned(
      Consumer<?, ?> consumer, Collection<TopicPartition> partitions, boolean initial) {
    var offsets = new HashMap<TopicPartition, OffsetAndMetadata>();
    budget
        .acknowledged(consumer.assignment())
        .forEach((partition, next) -> offsets.put(partition, new OffsetAndMetadata(next)));
    if (offsets.isEmpty()) {
      return;
    }
    // asynchronous: an acknowledgement's pending wakeup would make a synchronous commit throw
    consumer.commitAsync(
        offsets,
        (committed, error) -> {
          if (error != null) {
            log.warn("could not commit {} again after a rebalance: {}", offsets, error.toString());
          }
        });
  }

  private void await(Collection<TopicPartition> partitions) {
    var answers = budget.handOver(partitions);
    if (answers.isDone()) {
      return;
    }
    long start = System.nanoTime();
    try {
      answers.get(handOver.toMillis(), TimeUnit.MILLISECONDS);
      log.info(
          "handing over {}: waited {} ms for their answers to end",
          partitions,
          (System.nanoTime() - start) / 1_000_000);
    } catch (TimeoutException e) {
      log.warn(
          "handing over {}: answers still running after {}; the new owner answers them again",
          partitions,
          handOver);
    } catch (ExecutionException e) {
      log.warn("handing over {}: {}", partitions, e.getCause().toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
