package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A passage that says the part in other words (S3.4): fewer of the part's terms, but close in
 * meaning by retrieval's embedding similarity to the part's own words.
 */
class ParaphraseJudgeTest {

  static final String SALT_TOLERANCE =
      "Yield stays at its maximum up to a threshold ECe, then falls by a fixed percentage for each"
          + " additional dS/m.\n\n| Crop | Threshold ECe (dS/m) |\n|---|---|\n| Barley | 8.0 |\n"
          + "| Wheat | 6.0 |\n| Tomato | 2.5 |";

  final DeterministicPlanner planner = new DeterministicPlanner(0.5, 0.6);

  Verdict judge(DeterministicPlanner planner, String question, String passage, double similarity) {
    Part part = planner.decompose(question, "en").get(0);
    var candidate =
        new Candidate("p", passage, "kb/doc", "kb", "__global__", 0.5, "en", similarity);
    return planner.judge(part, List.of(candidate)).get(0);
  }

  @Test
  void aPassageSayingThePartInOtherWordsIsEvidenceAndTheReasonSaysSo() {
    // "keep its full yield" is "yield stays at its maximum": half the part's words are not there
    String question = "Up to what soil ECe does wheat keep its full yield?";
    var unknown = judge(planner, question, SALT_TOLERANCE, Double.NaN);
    assertThat(unknown.accepted()).isFalse();
    assertThat(unknown.reason()).matches("relevance 0\\.[34]\\d < 0\\.50");

    var close = judge(planner, question, SALT_TOLERANCE, 0.80);

    assertThat(close.accepted()).isTrue();
    assertThat(close.reason()).contains("in other words: similarity 0.80 ≥ 0.60");
  }

  @Test
  void aPassageOnlyAboutAsCloseAsATopicNextToTheOneAskedIsNot() {
    var verdict =
        judge(planner, "Up to what soil ECe does wheat keep its full yield?", SALT_TOLERANCE, 0.55);

    assertThat(verdict.accepted()).isFalse();
  }

  @Test
  void aPassageHoldingAlmostNoneOfThePartsTermsIsNotEvidenceHoweverSimilar() {
    // locusts and control are not there: the passage is about wheat, not what is asked
    var verdict =
        judge(
            planner,
            "How do I control locusts in a wheat field?",
            "Wheat is sown in autumn across most of the country.",
            0.95);

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).startsWith("relevance");
  }

  @Test
  void similarityNeverOutweighsTheWrongEntity() {
    var verdict =
        judge(
            planner,
            "Up to what soil ECe does maize keep its full yield?",
            SALT_TOLERANCE.replace("| Tomato | 2.5 |", ""),
            0.95);

    assertThat(verdict.reason()).isEqualTo("entity mismatch: maize not in the passage");
  }

  @Test
  void withoutASimilarityToGoByOnlyTheTermsCount() {
    var off = new DeterministicPlanner(0.5);

    var verdict =
        judge(off, "Up to what soil ECe does wheat keep its full yield?", SALT_TOLERANCE, 0.95);

    assertThat(verdict.accepted()).isFalse();
  }
}
