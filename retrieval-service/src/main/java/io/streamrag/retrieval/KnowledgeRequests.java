package io.streamrag.retrieval;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kit.kafka.KafkaKitConfiguration;
import io.streamrag.retrieval.tool.KnowledgeTool;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * The Kafka handler of the query_knowledge tool (S2.1): knowledge.requests in, the answer back on
 * the topic the caller named (knowledge.replies), keyed by call id and carrying the caller's
 * correlation id. A call that cannot be decoded or answered goes to dlq.retrieval.knowledge. Each
 * call is observed as a {@value RetrievalRequests#SEARCH} of {@code call=tool}.
 */
@Component
class KnowledgeRequests {

  static final String ID = "retrieval-knowledge";

  private final KnowledgeTool tool;
  private final ObservationRegistry observations;

  KnowledgeRequests(KnowledgeTool tool, ObservationRegistry observations) {
    this.tool = tool;
    this.observations = observations;
  }

  @KafkaListener(
      id = ID,
      autoStartup = "false", // started warm: RequestsWhenWarm
      topics = "knowledge.requests",
      groupId = "retrieval-knowledge",
      concurrency = "${retrieval.tool.concurrency:2}",
      containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY)
  @SendTo
  Message<KnowledgeToolAnswered> answer(KnowledgeToolCalled call) {
    var answer =
        Observation.createNotStarted(RetrievalRequests.SEARCH, observations)
            .lowCardinalityKeyValue("call", "tool")
            .observe(() -> tool.answer(call));
    return MessageBuilder.withPayload(answer).setHeader(KafkaHeaders.KEY, call.getCallId()).build();
  }
}
