package io.streamrag.llm.intake;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Waiting, on the consumer's thread, for the answers of partitions being given up. */
public final class HandOvers {

  private static final Logger log = LoggerFactory.getLogger(HandOvers.class);

  private HandOvers() {}

  /**
   * Waits at most {@code within} for {@code answers} ({@link AnswerBudget#handOver}); says in the
   * log what it waited for, and what it gave up on.
   */
  public static void await(
      CompletableFuture<Void> answers, Duration within, Collection<TopicPartition> partitions) {
    if (answers.isDone()) {
      return;
    }
    long start = System.nanoTime();
    try {
      answers.get(within.toMillis(), TimeUnit.MILLISECONDS);
      log.info(
          "handing over {}: waited {} ms for their answers to end",
          partitions,
          (System.nanoTime() - start) / 1_000_000);
    } catch (TimeoutException e) {
      log.warn(
          "handing over {}: answers still running after {}; the new owner answers them again",
          partitions,
          within);
    } catch (ExecutionException e) {
      log.warn("handing over {}: {}", partitions, e.getCause().toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
