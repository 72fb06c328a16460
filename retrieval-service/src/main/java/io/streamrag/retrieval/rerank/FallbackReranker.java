package io.streamrag.retrieval.rerank;

import io.streamrag.retrieval.store.Candidate;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A remote reranker with a local one behind it: when the remote one fails or is too slow, the
 * answer still comes, ranked locally, and the log says so. Nothing is ever answered unranked.
 */
public final class FallbackReranker implements Reranker, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(FallbackReranker.class);

  private final Reranker primary;
  private final Reranker fallback;

  public FallbackReranker(Reranker primary, Reranker fallback) {
    this.primary = primary;
    this.fallback = fallback;
  }

  @Override
  public List<Ranked> rerank(String question, List<Candidate> candidates, int keep) {
    try {
      return primary.rerank(question, candidates, keep);
    } catch (RuntimeException e) {
      log.warn("{} failed, ranking with {}: {}", primary.name(), fallback.name(), e.getMessage());
      return fallback.rerank(question, candidates, keep);
    }
  }

  @Override
  public String name() {
    return primary.name() + "|" + fallback.name();
  }

  /** Releases what its rerankers hold (a cross-encoder's ONNX session) when the service stops. */
  @Override
  public void close() throws Exception {
    for (Reranker r : new Reranker[] {primary, fallback}) {
      if (r instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }
}
