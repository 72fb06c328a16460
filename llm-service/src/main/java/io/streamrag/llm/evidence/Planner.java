package io.streamrag.llm.evidence;

import io.streamrag.llm.provider.model.Cancellation;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The judgement behind failure handling (S3): how a question splits, what to search next when a
 * search found nothing usable, and which passages are evidence. Asynchronous, since a model may be
 * asked; a cancelled answer closes that call.
 *
 * <p>Implementations: {@link DeterministicPlanner} (rules and calibrated scores, no model: works
 * with the extractive provider, and answers at once) and {@link ModelPlanner} (the configured model
 * decides, through structured output).
 */
public interface Planner {

  /** The name shown in traces and benchmarks, e.g. {@code deterministic}. */
  String name();

  /**
   * The parts of a question (S3.1): one part unless it compares or joins several questions.
   *
   * @param language {@code fa}, {@code ar} or {@code en}
   */
  CompletableFuture<List<Part>> decompose(String question, String language, Cancellation cancel);

  /**
   * The next query for a part whose searches found no evidence (S3.3), different from every query
   * tried; empty when no further rewrite is worth a search.
   *
   * @param tried the queries searched for this part so far, in order; never empty
   */
  CompletableFuture<Optional<String>> rewrite(
      Part part, List<String> tried, String language, Cancellation cancel);

  /** Whether each candidate is evidence for the part (S3.4), in the candidates' order. */
  CompletableFuture<List<Verdict>> judge(
      Part part, List<Candidate> candidates, Cancellation cancel);
}
