package io.streamrag.llm.evidence;

import java.util.List;
import java.util.Optional;

/**
 * Failure handling without a model: works with the extractive provider. Comparisons and joined
 * questions are split into parts by rules ({@link Splitter}); each part names its entities ({@link
 * Entities}) and the kind of answer it asks for ({@link AnswerType}); rewrites expand, translate
 * and relax a query through a small fa/ar/en glossary ({@link Rewrites}); a passage is evidence
 * when it names the part's entities, holds enough of its terms, and holds the kind of answer asked
 * for ({@link PassageJudge}).
 */
public final class DeterministicPlanner implements Planner {

  private final Splitter splitter = new Splitter(Glossary.standard());
  private final PassageJudge judge;

  /**
   * @param threshold the least share of a part's terms (after normalisation, light stemming and the
   *     glossary's synonyms and translations) a passage must hold to be evidence
   */
  public DeterministicPlanner(double threshold) {
    this.judge = new PassageJudge(threshold);
  }

  @Override
  public String name() {
    return "deterministic";
  }

  @Override
  public List<Part> decompose(String question, String language) {
    return splitter.split(question, language).stream()
        .map(
            s ->
                new Part(
                    s.text(),
                    Entities.of(s.text(), s.side(), language),
                    AnswerType.of(s.text(), language)))
        .toList();
  }

  @Override
  public Optional<String> rewrite(Part part, List<String> tried, String language) {
    return Rewrites.of(part.text(), language).stream()
        .filter(q -> tried.stream().noneMatch(q::equalsIgnoreCase))
        .findFirst();
  }

  @Override
  public List<Verdict> judge(Part part, List<Candidate> candidates) {
    return candidates.stream().map(c -> judge.judge(part, c)).toList();
  }
}
