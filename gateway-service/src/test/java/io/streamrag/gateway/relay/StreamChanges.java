package io.streamrag.gateway.relay;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What {@code chat.streams} says of one request, as the replicas and llm-service read it. */
final class StreamChanges {

  private StreamChanges() {}

  /** The request's changes of the last minute and of the next {@code during}, in order. */
  static List<StreamChange> of(String bootstrapServers, String requestId, Duration during) {
    try (var streams =
        new TopicProbe(
            bootstrapServers,
            ChatTopics.CHAT_STREAMS.name(),
            Instant.now().minusSeconds(60).toEpochMilli())) {
      return streams.drain(during).stream()
          .filter(
              r -> r.value() instanceof ChatStreamChanged c && c.getRequestId().equals(requestId))
          .map(r -> ((ChatStreamChanged) r.value()).getChange())
          .toList();
    }
  }
}
