package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.TopicPartitionOffset;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * One request's events read from its partition of {@code chat.answers} by a reader of its own (no
 * group), from a given offset or time and then as they come: for a resumed stream, and for a stream
 * whose partition this replica no longer reads. The reader starts when the flux is subscribed and
 * stops when it is cancelled, off the event loop both times.
 */
final class KeyReplay {

  private static final Logger log = LoggerFactory.getLogger(KeyReplay.class);

  private KeyReplay() {}

  static Flux<AnswerEvent> read(TopicReaders readers, String requestId, TopicPartitionOffset from) {
    var avro = new AvroDeserializer();
    return Flux.<AnswerEvent>create(
            sink -> {
              var container =
                  readers.container(
                      "gateway-replay-" + requestId,
                      Map.of(),
                      new TopicPartitionOffset[] {absolute(readers, from)},
                      new ByteArrayDeserializer());
              MessageListener<String, byte[]> listener =
                  (ConsumerRecord<String, byte[]> record) -> {
                    if (!requestId.equals(record.key())) {
                      return;
                    }
                    try {
                      if (avro.deserialize(ChatTopics.CHAT_ANSWERS.name(), record.value())
                          instanceof AnswerEvent event) {
                        sink.next(event);
                      }
                    } catch (RuntimeException e) {
                      log.warn(
                          "skipped an unreadable answer event at {}-{}: {}",
                          record.partition(),
                          record.offset(),
                          e.getMessage());
                    }
                  };
              container.getContainerProperties().setMessageListener(listener);
              sink.onDispose(
                  () -> Schedulers.boundedElastic().schedule(() -> readers.stop(container)));
              container.start();
            })
        .subscribeOn(Schedulers.boundedElastic());
  }

  /**
   * A position by time as an offset, resolved now: by time alone, a partition with nothing written
   * since would be read from its end as of the reader's first poll, and an answer's first events
   * written meanwhile would be skipped (its meta, when a stream opened on a replica that owned no
   * partition yet: KeyReplayTest).
   */
  private static TopicPartitionOffset absolute(TopicReaders readers, TopicPartitionOffset from) {
    if (from.getPosition() != TopicPartitionOffset.SeekPosition.TIMESTAMP) {
      return from;
    }
    return Arrays.stream(readers.since(from.getTopic(), Instant.ofEpochMilli(from.getOffset())))
        .filter(p -> p.getPartition() == from.getPartition())
        .findFirst()
        .orElseThrow();
  }
}
