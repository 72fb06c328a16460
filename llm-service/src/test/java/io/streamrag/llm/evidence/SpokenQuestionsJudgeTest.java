package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Questions as farmers type them (S3.4): the words of spoken Persian and Arabic that only ask are
 * not what a passage must hold, and every essential plant nutrient is an entity.
 */
class SpokenQuestionsJudgeTest {

  final DeterministicPlanner planner = new DeterministicPlanner(0.5);

  Verdict judge(String question, String language, String passage, String passageLanguage) {
    Part part = planner.decompose(question, language).get(0);
    var candidate = new Candidate("p", passage, "kb/doc", "kb", "__global__", 0.9, passageLanguage);
    return planner.judge(part, List.of(candidate)).get(0);
  }

  @Test
  void spokenPersianWithTheCopulaAsksButNamesNothing() {
    // «چنده» is «چند است» (how much is it), «بهتره» «بهتر است»: neither is a topic word
    assertThat(FunctionWords.contains("چنده")).isTrue();
    assertThat(FunctionWords.contains("بهتره")).isTrue();
    // «راه» (way) is no «را» with a copula
    assertThat(FunctionWords.contains("راه")).isFalse();

    // the passage holds half the topic words: «چنده» counted as one more would sink it
    var verdict =
        judge("آستانه تحمل شوری خاک برای عملکرد گندم چنده؟", "fa", "آستانه شوری گندم ۶ است.", "fa");

    assertThat(verdict.accepted()).as(verdict.reason()).isTrue();
  }

  @Test
  void theQuestionWordsOfSpokenArabicAreNotTopicWords() {
    for (String word : new String[] {"قديش", "شقد", "كام", "ايش", "وين", "ليش", "يبي", "بدي"}) {
      assertThat(FunctionWords.contains(Stems.fold(Stems.words(word).get(0)))).as(word).isTrue();
    }
  }

  @Test
  void manganeseIsANutrientAPassageOnZincAndIronDoesNotAnswer() {
    var verdict =
        judge(
            "What is the critical DTPA level for manganese on a soil test?",
            "en",
            "DTPA-extractable zinc below 0.5 mg/kg and iron below 4.5 mg/kg are deficient on a soil"
                + " test.",
            "en");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).isEqualTo("entity mismatch: manganese not in the passage");
  }
}
