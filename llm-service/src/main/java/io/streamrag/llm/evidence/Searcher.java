package io.streamrag.llm.evidence;

import java.util.List;

/**
 * One search for the evidence loop. Implementations: the classic context search of
 * retrieval-service over Kafka ({@code ContextSearcher}), and in-process stores in benchmarks.
 */
public interface Searcher {

  /** The candidates for a query, best first. */
  Found search(String query, Part part);

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
