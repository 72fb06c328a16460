package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/** A batch never waits forever, even on a send that a client bug left unanswered. */
class TopicWriterTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS) // without the limit, await() never returned
  void aBatchThatIsNeverAnsweredFailsAfterTheDeliveryTimeoutAndUndoesWhatItsHandlerChanged() {
    // Given a producer with a 1 ms delivery timeout whose send is never answered
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                "localhost:9",
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                1));
    var template =
        new KafkaTemplate<>(producers) {
          @Override
          public CompletableFuture<SendResult<String, Object>> send(
              String topic, String key, Object data) {
            return new CompletableFuture<>();
          }
        };
    var writer = new TopicWriter(template);
    var undone = new AtomicBoolean();

    // When a handler's batch waits for it
    var batch =
        writer
            .batch()
            .onFailure(() -> undone.set(true))
            .send(ChatTopics.CHAT_ANSWERS, "k", event());

    // Then it fails after the timeout and its margin, naming the wait, and its undo ran
    assertThatThrownBy(batch::await)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no record of the batch within");
    assertThat(undone).isTrue();
  }

  private static AnswerEvent event() {
    return AnswerEvent.newBuilder()
        .setRequestId("r")
        .setSeq(0)
        .setType(AnswerEventType.META)
        .setEmittedAt(Instant.now())
        .build();
  }
}
