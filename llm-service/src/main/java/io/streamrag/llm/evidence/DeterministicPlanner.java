package io.streamrag.llm.evidence;

import io.streamrag.llm.provider.model.Cancellation;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Failure handling without a model: works with the extractive provider. Comparisons and joined
 * questions are split into parts by rules ({@link Splitter}); each part names its entities ({@link
 * Entities}) and the kind of answer it asks for ({@link AnswerType}); rewrites expand, translate
 * and relax a query through a small fa/ar/en glossary ({@link Rewrites}); a passage is evidence
 * when it names the part's entities, holds enough of its terms, and holds the kind of answer asked
 * for ({@link PassageJudge}). It needs nothing to wait for: each answer of {@link Planner} is
 * complete when it returns, and the same judgements are here to call directly.
 */
public final class DeterministicPlanner implements Planner {

  private final Splitter splitter = new Splitter(Glossary.standard());
  private final PassageJudge judge;

  /**
   * @param threshold the least share of a part's terms (after normalisation, light stemming and the
   *     glossary's synonyms and translations) a passage must hold to be evidence
   */
  public DeterministicPlanner(double threshold) {
    this(threshold, Double.POSITIVE_INFINITY);
  }

  /**
   * @param threshold as above
   * @param paraphrase the least embedding similarity to a part at which a passage that holds fewer
   *     of its terms, but at least 0.3 of them, says it in other words; {@code
   *     Double.POSITIVE_INFINITY}: never
   */
  public DeterministicPlanner(double threshold, double paraphrase) {
    this.judge = new PassageJudge(threshold, paraphrase);
  }

  @Override
  public String name() {
    return "deterministic";
  }

  @Override
  public CompletableFuture<List<Part>> decompose(
      String question, String language, Cancellation cancel) {
    return CompletableFuture.completedFuture(decompose(question, language));
  }

  @Override
  public CompletableFuture<Optional<String>> rewrite(
      Part part, List<String> tried, String language, Cancellation cancel) {
    return CompletableFuture.completedFuture(rewrite(part, tried, language));
  }

  @Override
  public CompletableFuture<List<Verdict>> judge(
      Part part, List<Candidate> candidates, Cancellation cancel) {
    return CompletableFuture.completedFuture(judge(part, candidates));
  }

  /** The parts of a question (see {@link Planner#decompose}). */
  public List<Part> decompose(String question, String language) {
    return splitter.split(question, language).stream()
        .map(
            s ->
                new Part(
                    s.text(),
                    Entities.of(s.asked(), s.side(), language),
                    AnswerType.of(s.text(), language)))
        .toList();
  }

  /** The next query for a part (see {@link Planner#rewrite}). */
  public Optional<String> rewrite(Part part, List<String> tried, String language) {
    return Rewrites.of(part.text(), language).stream()
        .filter(q -> tried.stream().noneMatch(q::equalsIgnoreCase))
        .findFirst();
  }

  /** A verdict per candidate (see {@link Planner#judge}). */
  public List<Verdict> judge(Part part, List<Candidate> candidates) {
    return candidates.stream().map(c -> judge.judge(part, c)).toList();
  }
}
