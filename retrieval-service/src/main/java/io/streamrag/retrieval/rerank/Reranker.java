package io.streamrag.retrieval.rerank;

import io.streamrag.retrieval.store.Candidate;
import java.util.List;

/**
 * Orders search candidates by their relevance to the question and keeps the best (S0.4). The
 * relevance, in [0, 1], reaches the prompt as {@code Relevance} (S0.5).
 *
 * <p>Implementations: {@link FusedOrderReranker} (local, no model, the default: keeps the fused
 * order), {@link CrossEncoderReranker} (a local ONNX cross-encoder the user supplies), {@link
 * RerankApiReranker} (Jina/Cohere-compatible API), {@link FallbackReranker} (one, else another).
 */
public interface Reranker {

  /** A candidate with its relevance. */
  record Ranked(Candidate candidate, double relevance) {}

  /** The best {@code keep} candidates, most relevant first. */
  List<Ranked> rerank(String question, List<Candidate> candidates, int keep);

  /** What to call this reranker in logs and answers. */
  String name();
}
