package io.streamrag.llm.intake;

import io.streamrag.kit.kafka.AvroHandlers;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.kit.kafka.UndecodableRecordException;
import io.streamrag.schemas.chat.AnswerPartition;
import io.streamrag.schemas.chat.ChatRequested;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;

/**
 * The chat requests binding's handler (one call into the budget): each request is decoded and
 * handed, with the answer partition its gateway named ({@link AnswerPartition}), to the {@link
 * AnswerBudget}, which starts its answer and commits its offset once the answer has ended. A record
 * that is not a chat request is filed on the dead-letter topic with its bytes and reason, here
 * rather than by the container's error handler, so that its offset is committed in order with the
 * answers still running before it.
 */
public final class ChatIntake implements Consumer<Message<byte[]>> {

  private static final Logger log = LoggerFactory.getLogger(ChatIntake.class);

  private final AnswerBudget budget;
  private final ConsumerRecordRecoverer deadLetters;

  public ChatIntake(AnswerBudget budget, ConsumerRecordRecoverer deadLetters) {
    this.budget = budget;
    this.deadLetters = deadLetters;
  }

  @Override
  public void accept(Message<byte[]> message) {
    var headers = message.getHeaders();
    var ack = headers.get(KafkaHeaders.ACKNOWLEDGMENT, Acknowledgment.class);
    String topic = headers.get(KafkaHeaders.RECEIVED_TOPIC, String.class);
    int partition = headers.get(KafkaHeaders.RECEIVED_PARTITION, Integer.class);
    long offset = headers.get(KafkaHeaders.OFFSET, Long.class);
    var position = new TopicPartition(topic, partition);
    ChatRequested request;
    try {
      request = AvroHandlers.decode(ChatRequested.class, message);
    } catch (UndecodableRecordException e) {
      log.warn(
          "{}-{}@{} is not a chat request, dead-lettered: {}",
          topic,
          partition,
          offset,
          e.getMessage());
      deadLetters.accept(DeadLetters.consumed(message), e);
      budget.skip(position, offset, ack);
      return;
    }
    budget.offer(
        position, offset, ack, request, AnswerPartition.read(headers.get(AnswerPartition.HEADER)));
  }
}
