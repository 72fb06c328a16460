package io.streamrag.llm.retrieval;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.RetrievalRequested;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pre-run step 6, retrieval (S0.1, S0.4): asks retrieval-service, over Kafka, for the context of
 * the request and its query. retrieval-service is the only service that searches, and it takes the
 * tenant filter from the request alone. When it does not answer in time the context is degraded
 * (S0.6): the model is told the knowledge base is unavailable and must not answer without it.
 */
public final class KnowledgeRetrieval implements PreRunStep {

  private static final Logger log = LoggerFactory.getLogger(KnowledgeRetrieval.class);

  private final RequestClient<ContextRetrieved> retrieval;
  private final Duration timeout;
  private final Clock clock;

  public KnowledgeRetrieval(
      RequestClient<ContextRetrieved> retrieval, Duration timeout, Clock clock) {
    this.retrieval = retrieval;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public Preparation apply(Preparation preparation) {
    ChatRequested request = preparation.request();
    var call =
        RetrievalRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setChat(request)
            .setQuery(preparation.query())
            .setRequestedAt(clock.instant())
            .build();
    try {
      return preparation.withContext(retrieval.call(call.getCallId(), call, timeout));
    } catch (RequestClient.CallFailed e) {
      log.warn("request {}: {}; answering degraded", request.getRequestId(), e.getMessage());
      return preparation.withContext(
          ContextRetrieved.newBuilder()
              .setRequest(request)
              .setKbNames(List.of())
              .setPassages(List.of())
              .setDegraded(true)
              .setDegradedReason("knowledge base unavailable: " + e.getMessage())
              .setRetrievedAt(clock.instant())
              .build());
    }
  }
}
