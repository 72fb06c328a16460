package io.streamrag.retrieval;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
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
 * (retrieval.replies), keyed by call id and carrying the caller's correlation id. Each search is
 * observed as {@value #SEARCH}: a span in the chat's trace and a timer of retrieval latency.
 */
@Component
class RetrievalRequests {

  static final String ID = "retrieval-requests";

  /** The observation (span and timer) of one search, tagged with the {@code call} it answers. */
  static final String SEARCH = "retrieval.search";

  private final RetrievalSteps steps;
  private final ObservationRegistry observations;

  RetrievalRequests(RetrievalSteps steps, ObservationRegistry observations) {
    this.steps = steps;
    this.observations = observations;
  }

  @KafkaListener(
      id = ID,
      autoStartup = "false", // started warm: RequestsWhenWarm
      topics = "retrieval.requests",
      groupId = "retrieval-requests",
      concurrency = "${retrieval.request-concurrency:2}",
      containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY,
      // an instance killed -9 leaves its partitions after 6 s, the broker's least, not 10: the
      // searches sent there meanwhile time out into degraded answers (failover.md)
      properties = {"session.timeout.ms=6000", "heartbeat.interval.ms=2000"})
  @SendTo
  Message<ContextRetrieved> retrieve(RetrievalRequested call) {
    var context =
        Observation.createNotStarted(SEARCH, observations)
            .lowCardinalityKeyValue("call", "context")
            .observe(() -> steps.handle(call));
    return MessageBuilder.withPayload(context)
        .setHeader(KafkaHeaders.KEY, call.getCallId())
        .build();
  }
}
