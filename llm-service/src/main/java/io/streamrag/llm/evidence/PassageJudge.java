package io.streamrag.llm.evidence;

import io.streamrag.kit.text.Language;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a passage is evidence for a part (S3.4), in four checks after a screen (a passage that
 * carries instructions for the model is never evidence), the first that fails saying why: every
 * entity of the part is in the passage; the passage holds at least {@code threshold} of the part's
 * terms (its relevance, computed here against the part, not the query that found it: a relaxed
 * rewrite matches more passages without making them more relevant), or fewer but says the part in
 * other words, by the embedding's similarity; where the terms meet, the passage holds the kind of
 * answer asked for (a number for "how many"); and a question about what is not ("why didn't …")
 * needs a passage that says what is not.
 */
final class PassageJudge {

  private static final Map<String, String> MISSING =
      Map.of(
          "number", "no number for a how-many question",
          "date", "no date or time for a when question",
          "person", "no name for a who question",
          "place", "no place for a where question");

  /** The least share of the part's terms a passage said in other words must still hold. */
  static final double SOME = 0.3;

  /**
   * The similarity a passage said in other words needs per unit of share it lacks. Chosen on the
   * answer sets' dev halves among 0, 0.5 and 1: at 0 a seeding-rate question took a passage on
   * nitrogen rates (share 0.44, similarity 0.66) and a manganese question one on zinc and iron
   * (0.39, 0.65); at 1 two paraphrased parts were lost again.
   */
  static final double MAKE_UP = 0.5;

  private final double threshold;
  private final double paraphrase;

  /**
   * @param threshold the least share of the part's terms a passage must hold
   * @param paraphrase the least embedding similarity to the part at which a passage holding fewer
   *     of its terms says it in other words; above 1: never
   */
  PassageJudge(double threshold, double paraphrase) {
    this.threshold = threshold;
    this.paraphrase = paraphrase;
  }

  Verdict judge(Part part, Candidate c) {
    String language = Language.detect(part.text());
    var passage = PassageText.of(c.text(), c.language());
    // 0. a passage that speaks to the model is no evidence, whatever it says (indirect injection)
    var instructions = passage.instructions();
    if (instructions.isPresent()) {
      return Verdict.reject(
          "the passage carries instructions for the assistant ("
              + instructions.get().category()
              + ")");
    }
    // 1. the right entity, where the passage answers (S3.7: "nitrogen for wheat" is no evidence for
    // "nitrogen for maize")
    var mismatch = EntityCheck.mismatch(part, passage, language);
    if (mismatch.isPresent()) {
      return Verdict.reject(mismatch.get());
    }
    // 1b. what the part picks out (the largest, the first, a number of islands), as strictly
    var unsaid = Specifics.missing(part, language, passage);
    if (unsaid.isPresent()) {
      return Verdict.reject(unsaid.get());
    }
    // 2. relevance: the share of the part's terms the passage holds. A passage in another language
    // can hold only the terms the glossary translates: the others are words it cannot show, so they
    // count as missing ("locusts" in a Persian passage on wheat is not shown by its «گندم»); a part
    // that names nothing ("and next week?") has only the search's own relevance to go by
    List<Terms.Term> terms = Terms.of(part.text(), language);
    boolean sameLanguage = c.language() == null || c.language().equals(language);
    double relevance =
        terms.isEmpty()
            ? c.relevance()
            : sameLanguage ? passage.focusShare(terms) : translatedShare(passage, terms);
    if (relevance < threshold && !saysInOtherWords(c, relevance)) {
      return Verdict.reject(format("relevance %.2f < %.2f", relevance));
    }
    // 3. the kind of answer asked for, where the part's terms meet
    List<String> focus = passage.focus(terms);
    boolean year = part.expects().equals("date") && AnswerType.asksYear(part.text());
    if (AnswerType.checkable(part.expects(), c.language())
        && focus.stream().noneMatch(f -> AnswerType.holds(part.expects(), f, year))) {
      return Verdict.reject(
          year ? "no year for a what-year question" : MISSING.get(part.expects()));
    }
    // 4. a question about what is not needs a passage that says so
    if (negated(part.text()) && focus.stream().noneMatch(PassageJudge::negated)) {
      return Verdict.reject("the question asks what is not; the passage negates nothing there");
    }
    return relevance >= threshold
        ? Verdict.accept(format("relevance %.2f ≥ %.2f", relevance))
        : Verdict.accept(
            String.format(
                Locale.ROOT,
                "relevance %.2f < %.2f, in other words: similarity %.2f ≥ %.2f",
                relevance,
                threshold,
                c.similarity(),
                paraphrase));
  }

  /**
   * 2b. A passage that says the part in other words: the share of the part's words misses
   * paraphrase ("keep its full yield" against "yield stays at its maximum"), the embedding does
   * not. Only where the dense leg found the passage for the part's own words (a language the
   * embedder reads), and only when the passage still holds {@link #SOME} of the part's terms: the
   * embedding rates a passage on the topic next to the one asked about as similar too. The fewer of
   * the part's terms it holds, the closer it must be: {@link #MAKE_UP} more similarity for each
   * unit of share below the threshold (0.70 at a share of 0.3, with 0.6 and 0.5).
   */
  private boolean saysInOtherWords(Candidate c, double relevance) {
    return relevance >= SOME && c.similarity() >= paraphrase + MAKE_UP * (threshold - relevance);
  }

  /**
   * The share of the part's terms a passage in another language holds, untranslated ones missing.
   */
  private static double translatedShare(PassageText passage, List<Terms.Term> terms) {
    List<Terms.Term> translated = terms.stream().filter(Terms.Term::translated).toList();
    if (translated.isEmpty()) {
      return 0;
    }
    double all = terms.stream().mapToDouble(PassageText::weight).sum();
    double shown = translated.stream().mapToDouble(PassageText::weight).sum();
    return passage.focusShare(translated) * shown / all;
  }

  private String format(String pattern, double relevance) {
    return String.format(Locale.ROOT, pattern, relevance, threshold);
  }

  private static boolean negated(String text) {
    return Stems.words(text.replace("n't", " not")).stream().anyMatch(FunctionWords::isNegation);
  }
}
