package io.streamrag.llm.intake;

import io.streamrag.schemas.chat.ChatRequested;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.Acknowledgment;

/**
 * One request taken from the topic, until its offset may be committed ({@link AnswerBudget}, under
 * whose lock its state changes): {@code over} completes once its answer ended and its offset was
 * acknowledged.
 */
final class Slot {
  final TopicPartition partition;
  final long offset;
  final Acknowledgment ack;
  final ChatRequested request;
  final OptionalInt answerPartition;
  final CompletableFuture<Void> over = new CompletableFuture<>();
  boolean ended;

  Slot(
      TopicPartition partition,
      long offset,
      Acknowledgment ack,
      ChatRequested request,
      OptionalInt answerPartition) {
    this.partition = partition;
    this.offset = offset;
    this.ack = ack;
    this.request = request;
    this.answerPartition = answerPartition;
  }
}
