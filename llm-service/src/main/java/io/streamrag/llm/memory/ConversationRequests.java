package io.streamrag.llm.memory;

import io.streamrag.kit.kafka.KafkaKitConfiguration;
import io.streamrag.schemas.chat.ConversationAction;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * The Kafka handler of conversation.requests: the gateway (which checked ownership) lists or erases
 * a conversation's turns, or asks for an answer's trace (which only the user who asked gets); the
 * reply goes back on conversation.replies. A database outage is a reply with an error, never
 * silence.
 */
@Component
class ConversationRequests {

  private static final Logger log = LoggerFactory.getLogger(ConversationRequests.class);

  private final ConversationStore store;

  ConversationRequests(ConversationStore store) {
    this.store = store;
  }

  @KafkaListener(
      id = "llm-conversations",
      topics = "conversation.requests",
      groupId = "llm-conversations",
      containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY)
  @SendTo
  Message<ConversationAnswered> handle(ConversationRequested call) {
    var key = new ConversationKey(call.getConversationId(), call.getUserId(), call.getSensorUuid());
    var reply =
        ConversationAnswered.newBuilder()
            .setCallId(call.getCallId())
            .setConversationId(call.getConversationId())
            .setTurns(List.of());
    try {
      if (call.getAction() == ConversationAction.TRACE) {
        var trace = store.trace(call.getRequestId(), call.getUserId());
        reply.setFound(trace.isPresent()).setTrace(trace.orElse(List.of()));
      } else if (call.getAction() == ConversationAction.ERASE) {
        int erased = store.erase(key);
        log.info("conversation {} erased: {} turns", call.getConversationId(), erased);
        reply.setErased(erased);
      } else {
        reply.setTurns(store.all(key));
      }
    } catch (ConversationStore.MemoryUnavailable e) {
      reply.setError(e.getMessage());
    }
    return MessageBuilder.withPayload(reply.build())
        .setHeader(KafkaHeaders.KEY, call.getCallId())
        .build();
  }
}
