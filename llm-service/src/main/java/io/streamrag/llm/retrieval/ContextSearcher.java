package io.streamrag.llm.retrieval;

import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Searcher;
import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classic search of one chat request (S0.1, S0.4): each search asks retrieval-service, over
 * Kafka, for the context of the request and a query. retrieval-service is the only service that
 * searches, and takes the tenant filter from the request alone. A call not answered in time is a
 * degraded search (S0.6). What every search returned is kept, to build the context the answer rests
 * on from the passages the evidence loop accepted.
 */
public final class ContextSearcher implements Searcher {

  private static final Logger log = LoggerFactory.getLogger(ContextSearcher.class);

  private static final PassageScreen SCREEN = PassageScreen.standard();

  /** The point id prefix of the sensor's live state, which is no point of the index. */
  public static final String LIVE = "live/";

  private final RequestClient<ContextRetrieved> retrieval;
  private final ChatRequested request;
  private final Duration timeout;
  private final Clock clock;
  private final AnswerScope scope;
  private final Map<String, Passage> seen = new LinkedHashMap<>();
  private final LinkedHashSet<String> kbs = new LinkedHashSet<>();
  private ContextRetrieved first;
  private volatile String degradedReason;

  public ContextSearcher(
      RequestClient<ContextRetrieved> retrieval,
      ChatRequested request,
      Duration timeout,
      Clock clock,
      AnswerScope scope) {
    this.retrieval = retrieval;
    this.request = request;
    this.timeout = timeout;
    this.clock = clock;
    this.scope = scope;
  }

  @Override
  public CompletableFuture<Found> search(String query, Part part) {
    var call =
        RetrievalRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setScope(RetrievalScopes.of(request))
            .setQuery(query)
            .setRequestedAt(clock.instant())
            .build();
    return scope
        .call(() -> retrieval.callAsync(call.getCallId(), call, timeout))
        .handle(
            (context, error) -> {
              if (error != null) {
                String reason = Futures.cause(error).getMessage();
                log.warn("request {}: {}; answering degraded", request.getRequestId(), reason);
                degradedReason = "knowledge base unavailable: " + reason;
                return new Found(List.of(), List.of(), true, reason);
              }
              return found(context, part != null && query.equals(part.text()));
            });
  }

  /**
   * @param ownWords whether the query searched was the part's own text: only then is a passage's
   *     dense similarity its similarity to the part
   */
  private synchronized Found found(ContextRetrieved context, boolean ownWords) {
    if (first == null) {
      first = context;
    }
    kbs.addAll(context.getKbNames());
    if (context.getDegraded()) {
      degradedReason = context.getDegradedReason();
      return new Found(List.of(), context.getKbNames(), true, context.getDegradedReason());
    }
    var candidates = new ArrayList<Candidate>();
    // a passage that speaks to the model (indirect injection) is no candidate, for either planner
    for (Passage p : SCREEN.keep(context.getPassages(), Passage::getText)) {
      seen.putIfAbsent(p.getPointId(), p);
      candidates.add(
          new Candidate(
              p.getPointId(),
              p.getText(),
              p.getSource(),
              p.getKbName(),
              p.getSensorUuid(),
              p.getRelevance(),
              p.getLanguage(),
              ownWords && p.getDenseSimilarity() != null ? p.getDenseSimilarity() : Double.NaN));
    }
    return new Found(candidates, context.getKbNames(), false, "");
  }

  /**
   * The context the answer rests on: the accepted passages, the routed KBs of every search, the
   * sensor's snapshot as the first search attached it.
   *
   * @param query the standalone query, when the message was rewritten; else null
   */
  public synchronized ContextRetrieved context(Evidence evidence, String query) {
    var context =
        ContextRetrieved.newBuilder()
            .setRequest(request)
            .setKbNames(List.copyOf(kbs))
            .setQuery(query)
            .setRetrievedAt(clock.instant());
    List<Passage> passages =
        evidence.degraded()
            ? List.of()
            : evidence.accepted().stream().map(c -> seen.get(c.pointId())).toList();
    if (first != null) {
      context
          .setSnapshotText(first.getSnapshotText())
          .setSnapshotMeasuredAt(first.getSnapshotMeasuredAt());
      passages = withLiveState(passages, first.getSnapshotText());
    }
    if (evidence.degraded()) {
      context.setDegraded(true).setDegradedReason(degradedReason);
    }
    return context.setPassages(passages).build();
  }

  /**
   * The passages, with the sensor's live state as the last one when no passage of this sensor was
   * accepted. An answer shows the state the snapshot view holds (the extractive answer always
   * does), and a value shown must be cited: before the index has the snapshot (seconds after a
   * reading, or while a demo import keeps retrieval busy) no indexed passage of the sensor can be.
   * Its relevance is 1: it is the state of the very field the question is asked about.
   */
  private List<Passage> withLiveState(List<Passage> accepted, String snapshotText) {
    String sensor = request.getSensorUuid();
    if (snapshotText == null
        || sensor == null
        || accepted.stream().anyMatch(p -> sensor.equals(p.getSensorUuid()))) {
      return accepted;
    }
    var passages = new ArrayList<>(accepted);
    passages.add(
        Passage.newBuilder()
            .setPointId(LIVE + sensor)
            .setText(snapshotText)
            .setSource("sensor/" + sensor + "/live")
            .setKbName("__all__")
            .setSensorUuid(sensor)
            .setChunkIndex(0)
            .setLanguage(request.getLanguage())
            .setRelevance(1.0)
            .build());
    return passages;
  }
}
