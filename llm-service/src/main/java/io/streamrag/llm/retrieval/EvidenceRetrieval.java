package io.streamrag.llm.retrieval;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.llm.evidence.EvidenceLoop;
import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Pre-run step 8, retrieval (S0.1): in classic mode, the evidence loop searches each part of the
 * question through retrieval-service and keeps only the passages judged to be evidence (S3); in
 * agentic mode nothing is retrieved here, the model searches through the tool (S2.3).
 */
public final class EvidenceRetrieval implements PreRunStep {

  private final RequestClient<ContextRetrieved> retrieval;
  private final EvidenceLoop loop;
  private final Duration timeout;
  private final Clock clock;

  public EvidenceRetrieval(
      RequestClient<ContextRetrieved> retrieval, EvidenceLoop loop, Duration timeout, Clock clock) {
    this.retrieval = retrieval;
    this.loop = loop;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation p) {
    var request = p.request();
    if (p.agentic()) {
      return CompletableFuture.completedFuture(
          p.withContext(
              ContextRetrieved.newBuilder()
                  .setRequest(request)
                  .setKbNames(List.of())
                  .setPassages(List.of())
                  .setRetrievedAt(clock.instant())
                  .build()));
    }
    var searcher = new ContextSearcher(retrieval, request, timeout, clock, p.scope());
    return loop.gather(
            p.query(),
            request.getLanguage(),
            p.settings().searchBudget(),
            searcher,
            p.trace(),
            p.cancel())
        .thenApply(
            evidence ->
                p.withEvidence(
                    evidence, searcher.context(evidence, p.rewritten() ? p.query() : null)));
  }
}
