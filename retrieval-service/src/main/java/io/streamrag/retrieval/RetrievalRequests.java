package io.streamrag.retrieval;

import io.streamrag.kit.kafka.KafkaKitConfiguration;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.RetrievalRequested;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * The Kafka handler: retrieval.requests in, the context back on the topic the caller named
 * (retrieval.replies), keyed by call id and carrying the caller's correlation id.
 */
@Component
class RetrievalRequests {

  private final RetrievalSteps steps;

  RetrievalRequests(RetrievalSteps steps) {
    this.steps = steps;
  }

  @KafkaListener(
      id = "retrieval-requests",
      topics = "retrieval.requests",
      groupId = "retrieval-requests",
      concurrency = "${retrieval.request-concurrency:2}",
      containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY)
  @SendTo
  Message<ContextRetrieved> retrieve(RetrievalRequested call) {
    return MessageBuilder.withPayload(steps.handle(call))
        .setHeader(KafkaHeaders.KEY, call.getCallId())
        .build();
  }
}
