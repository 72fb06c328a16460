package io.streamrag.llm;

import io.streamrag.kit.kafka.TopicResponder;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.RetrievalRequested;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;

/**
 * Plays retrieval-service's context search for llm-service's tests, over the real topics and the
 * real request/reply protocol: it answers the calls of one test user with a canned context, or
 * stays silent when the answer function returns {@code null}.
 */
public final class RetrievalResponder implements AutoCloseable {

  private final TopicResponder<RetrievalRequested> responder;

  public RetrievalResponder(
      String bootstrapServers,
      String userId,
      Function<RetrievalRequested, ContextRetrieved> answer) {
    this.responder =
        new TopicResponder<>(
            bootstrapServers,
            ChatTopics.RETRIEVAL_REQUESTS,
            RetrievalRequested.class,
            call -> {
              if (!userId.equals(call.getScope().getUserId())) {
                return null;
              }
              ContextRetrieved context = answer.apply(call);
              return context == null
                  ? null
                  : Map.<String, SpecificRecord>entry(call.getCallId(), context);
            });
  }

  /** Answers every call of the user with the Persian soil-moisture context ({@link Contexts}). */
  public static RetrievalResponder moisture(String bootstrapServers, String userId) {
    return new RetrievalResponder(
        bootstrapServers,
        userId,
        call ->
            ContextRetrieved.newBuilder(Contexts.persianMoisture(call.getScope().getRequestId()))
                .setRequest(null) // retrieval echoes no request since ContextRetrieved v6
                .build());
  }

  @Override
  public void close() {
    responder.close();
  }
}
