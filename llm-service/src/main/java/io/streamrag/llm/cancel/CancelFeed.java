package io.streamrag.llm.cancel;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Follows {@code chat.streams} on every replica, from its end: a {@code CANCELLED} stops the answer
 * wherever it runs ({@link Cancellations}). Opened and resumed streams are the gateway's business.
 * An unreadable record is logged and skipped: every replica reads it.
 */
public final class CancelFeed implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CancelFeed.class);

  private final TopicReaders readers;
  private final MessageListenerContainer container;

  public CancelFeed(TopicReaders readers, Cancellations cancellations) {
    this.readers = readers;
    var avro = new AvroDeserializer();
    MessageListener<String, byte[]> listener =
        (ConsumerRecord<String, byte[]> record) -> {
          try {
            if (avro.deserialize(ChatTopics.CHAT_STREAMS.name(), record.value())
                    instanceof ChatStreamChanged change
                && change.getChange() == StreamChange.CANCELLED) {
              cancellations.cancel(change.getRequestId());
            }
          } catch (RuntimeException e) {
            log.warn(
                "skipped an unreadable record on {} at {}-{}: {}",
                ChatTopics.CHAT_STREAMS.name(),
                record.partition(),
                record.offset(),
                e.getMessage());
          }
        };
    this.container =
        readers.start(
            "llm-cancels",
            Map.of(),
            readers.fromTheEnd(ChatTopics.CHAT_STREAMS.name()),
            listener,
            null);
  }

  /** True while the topic is being read. */
  public boolean isRunning() {
    return container.isRunning();
  }

  @Override
  public void close() {
    readers.stop(container);
  }
}
