package io.streamrag.retrieval.rerank;

import io.streamrag.retrieval.store.Candidate;
import java.util.List;

/**
 * A reranker's raw scores before calibration, higher meaning more relevant, so that its {@link
 * RelevanceCalibration} can be fitted on labelled data.
 */
public interface RelevanceScorer {

  /** One raw score per candidate, in the candidates' order. */
  double[] rawScores(String question, List<Candidate> candidates);

  /** How the raw scores become relevance in [0, 1]. */
  RelevanceCalibration calibration();
}
