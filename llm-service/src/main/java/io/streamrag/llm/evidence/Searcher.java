package io.streamrag.llm.evidence;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One search for the evidence loop. Implementations: the classic context search of
 * retrieval-service over Kafka ({@code ContextSearcher}), and in-process stores in benchmarks.
 */
public interface Searcher {

  /** The candidates for a query, best first, once the search answered. */
  CompletableFuture<Found> search(String query, Part part);

  /** A search that answers at once, in process (benchmarks, warm-up, tests). */
  @FunctionalInterface
  interface Immediate {
    Found search(String query, Part part);
  }

  /** A searcher over an in-process search that answers at once. */
  static Searcher of(Immediate search) {
    return (query, part) -> CompletableFuture.completedFuture(search.search(query, part));
  }

  /**
   * What one search returned.
   *
   * @param kbs the knowledge bases it searched
   * @param degraded true when the knowledge base could not be searched (S0.6): no retry helps
   */
  record Found(List<Candidate> candidates, List<String> kbs, boolean degraded, String reason) {

    public Found {
      candidates = List.copyOf(candidates);
      kbs = List.copyOf(kbs);
    }
  }
}
