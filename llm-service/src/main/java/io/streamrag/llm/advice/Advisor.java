package io.streamrag.llm.advice;

import io.streamrag.agronomy.fertilization.FertilizationAdvice;
import io.streamrag.agronomy.irrigation.IrrigationAdvice;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.retrieval.ContextSearcher;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.json.JsonMapper;

/**
 * Recommendations a farmer can act on (S1.10), step by step: the numbers are computed from the
 * field's data with published agronomy, and a model, if any, only explains them.
 */
public final class Advisor {

  private static final String IRRIGATION_TOPIC = "irrigation scheduling soil moisture crop water";
  private static final String FERTILIZATION_TOPIC =
      "fertilizer nitrogen phosphorus potassium soil test";

  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final AgronomyTables tables;
  private final Explanation explanation;
  private final RequestClient<ContextRetrieved> retrieval;
  private final Duration retrievalTimeout;
  private final JsonMapper json;
  private final Clock clock;

  public Advisor(
      TopicView<SensorSnapshotUpdated> snapshots,
      AgronomyTables tables,
      Explanation explanation,
      RequestClient<ContextRetrieved> retrieval,
      Duration retrievalTimeout,
      JsonMapper json,
      Clock clock) {
    this.snapshots = snapshots;
    this.tables = tables;
    this.explanation = explanation;
    this.retrieval = retrieval;
    this.retrievalTimeout = retrievalTimeout;
    this.json = json;
    this.clock = clock;
  }

  /**
   * Answers one recommendation request. The numbers are computed at once; the passages and the
   * model's explanation are awaited by no thread, so a slow model holds up no other request.
   */
  public CompletableFuture<RecommendationAnswered> answer(RecommendationRequested call) {
    var reply =
        RecommendationAnswered.newBuilder().setCallId(call.getCallId()).setKind(call.getKind());
    // 1. the tables, as published on the KB configs
    var agronomy = tables.current();
    // 2. the field, as its sensor's snapshot describes it (its station's days included), with the
    // crop asked about
    var snapshot = snapshots.get(call.getSensorUuid());
    var field = snapshot.map(s -> Fields.of(s, call.getCrop())).orElse(Fields.none(call.getCrop()));
    var forecast = snapshot.map(Fields::forecast).orElse(List.of());
    var observed = snapshot.map(Fields::observed).orElse(null);
    // 3. the numbers, computed; the template reason in the farmer's language
    boolean irrigation = call.getKind() == AdviceKind.IRRIGATION;
    Object advice =
        irrigation
            ? agronomy.irrigation(field, forecast, observed, call.getLanguage())
            : agronomy.fertilization(field, call.getLanguage());
    // 4. the model, if any, explains them, from the numbers and the knowledge base's passages
    String computed = json.writeValueAsString(advice);
    Object numbers = advice;
    return passages(call, irrigation ? IRRIGATION_TOPIC : FERTILIZATION_TOPIC)
        .thenCompose(
            passages -> explanation.of(computed, call.getQuery(), call.getLanguage(), passages))
        .thenApply(
            explained -> {
              // 5. the response body, S1.10's shape
              Object body = explained.map(text -> explainedBy(numbers, text)).orElse(numbers);
              return reply.setAdviceJson(json.writeValueAsString(body)).build();
            });
  }

  private static Object explainedBy(Object advice, String text) {
    return advice instanceof IrrigationAdvice irrigation
        ? irrigation.explainedBy(text)
        : ((FertilizationAdvice) advice).explainedBy(text);
  }

  /** A few passages on the topic for the model's explanation; none when retrieval is down. */
  private CompletableFuture<List<Passage>> passages(RecommendationRequested call, String topic) {
    if (!explanation.available()) {
      return CompletableFuture.completedFuture(List.of());
    }
    String query = call.getQuery() == null || call.getQuery().isBlank() ? topic : call.getQuery();
    var chat =
        ChatRequested.newBuilder()
            .setRequestId(call.getCallId())
            .setConversationId("recommendation")
            .setUserId(call.getUserId())
            .setSensorUuid(call.getSensorUuid())
            .setPipeline(call.getPipeline())
            .setMessage(query)
            .setLanguage(call.getLanguage())
            .setRequestedAt(clock.instant())
            .build();
    var searcher =
        new ContextSearcher(retrieval, chat, retrievalTimeout, clock, AnswerScope.capture());
    return searcher
        .search(query, Part.of(query))
        .thenApply(
            found ->
                found.candidates().stream()
                    .map(
                        c ->
                            new Passage(
                                c.pointId(),
                                c.text(),
                                c.source(),
                                c.kb(),
                                c.sensorUuid(),
                                0,
                                c.language(),
                                c.relevance(),
                                null))
                    .toList());
  }
}
