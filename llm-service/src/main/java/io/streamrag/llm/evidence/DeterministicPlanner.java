package io.streamrag.llm.evidence;

import io.streamrag.kit.text.StopWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Failure handling without a model: works with the extractive provider. A question is one part;
 * rewrites relax the query to its topic words, then drop the least specific ones; a passage is
 * evidence when its relevance reaches a threshold.
 */
public final class DeterministicPlanner implements Planner {

  private final double threshold;

  /**
   * @param threshold the least relevance (the share of the question's terms a passage holds,
   *     blended with dense similarity) that makes a passage evidence
   */
  public DeterministicPlanner(double threshold) {
    this.threshold = threshold;
  }

  @Override
  public String name() {
    return "deterministic";
  }

  @Override
  public List<Part> decompose(String question, String language) {
    return List.of(Part.of(question));
  }

  @Override
  public Optional<String> rewrite(Part part, List<String> tried, String language) {
    List<String> words = StopWords.contentWords(part.text());
    var candidates = new ArrayList<String>();
    candidates.add(String.join(" ", words));
    for (int keep = words.size() - 1; keep >= 1; keep--) {
      candidates.add(String.join(" ", words.subList(0, keep)));
    }
    return candidates.stream().filter(q -> !q.isBlank() && !tried.contains(q)).findFirst();
  }

  @Override
  public List<Verdict> judge(Part part, List<Candidate> candidates) {
    return candidates.stream()
        .map(
            c ->
                c.relevance() >= threshold
                    ? Verdict.accept(String.format(Locale.ROOT, "relevance %.2f", c.relevance()))
                    : Verdict.reject(
                        String.format(
                            Locale.ROOT, "relevance %.2f below %.2f", c.relevance(), threshold)))
        .toList();
  }
}
