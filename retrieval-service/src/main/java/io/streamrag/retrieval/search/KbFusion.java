package io.streamrag.retrieval.search;

import java.util.Optional;

/** Fusion weights chosen for one knowledge base, replacing the configured ones for its searches. */
public interface KbFusion {

  /** No KB has weights of its own. */
  KbFusion NONE = kb -> Optional.empty();

  /** The KB's own weights, if it has them. */
  Optional<Weights> of(String kb);

  /**
   * @param lexical BM25's weight, relative to {@code retrieval.search.lexical-weight}
   * @param dense the dense leg's, on the same scale
   */
  record Weights(double lexical, double dense) {}
}
