package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A passage is read once and kept: what one question learnt about it (the near-forms of its stems)
 * must never change what the next question finds, so a kept passage answers every question as a
 * passage read afresh does.
 */
class PassageTextTest {

  private static final String PASSAGE =
      "یونیسف گزارش داد که رطوبت خاک در مزرعه‌های گندم کم شده است. آبیاری قطره‌ای آب را نگه"
          + " می‌دارد. کود نیتروژن را در دو نوبت بدهید. Irrigation scheduling uses soil moisture"
          + " sensors. Nitrogen for wheat is split in two doses.";

  private static final List<String> QUESTIONS =
      List.of(
          "یونسیف درباره رطوبت خاک چه گفت؟",
          "کود نیتروژن گندم را کی بدهم؟",
          "How should I schedule irigation with moisture sensors?",
          "nitrogen for maize?",
          "آبیاری قطره ای چه فایده ای دارد؟");

  @Test
  void aKeptPassageAnswersEveryQuestionAsAFreshlyReadOneDoes() {
    for (int round = 0; round < 2; round++) {
      for (String question : QUESTIONS) {
        var terms = Terms.of(question);
        var kept = PassageText.of(PASSAGE, "fa");
        var fresh = new PassageText(PASSAGE, "fa");
        assertThat(kept.focusShare(terms)).as(question).isEqualTo(fresh.focusShare(terms));
        assertThat(kept.focus(terms)).as(question).isEqualTo(fresh.focus(terms));
        for (var term : terms) {
          assertThat(kept.holds(term))
              .as(question + ": " + term.text())
              .isEqualTo(fresh.holds(term));
        }
      }
    }
    assertThat(PassageText.of(PASSAGE, "fa")).isSameAs(PassageText.of(PASSAGE, "fa"));
  }

  @Test
  void aTypoInALongWordStillFindsTheWordWithinTheSentencesWhereItIs() {
    var passage = PassageText.of(PASSAGE, "fa");
    var typo = Terms.of("یونسیف", "fa");

    assertThat(passage.holds(typo.get(0))).isTrue();
    assertThat(passage.focus(typo)).singleElement().asString().contains("یونیسف");
  }

  @Test
  void aTableRowIsReadWithItsHeaderSoTheQuestionsTermsMeetAtTheRow() {
    var table =
        PassageText.of(
            "Yield stays at its maximum up to a threshold, then falls.\n\n"
                + "| Crop | Threshold ECe (dS/m) | Yield loss per dS/m |\n|---|---|---|\n"
                + "| Barley | 8.0 | 5% |\n| Sugar beet | 7.0 | 6% |\n| Wheat | 6.0 | 7% |\n\n"
                + "Pistachio is relatively tolerant among tree crops.",
            "en");
    var question = Terms.of("wheat ECe threshold", "en");

    // the window where all three meet is the wheat row, which the header gives its meaning
    assertThat(table.focusShare(question)).isEqualTo(1.0);
    assertThat(table.focus(question)).anyMatch(w -> w.contains("| Wheat | 6.0 |"));
  }
}
