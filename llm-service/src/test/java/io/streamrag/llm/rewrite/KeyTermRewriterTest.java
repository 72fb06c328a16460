package io.streamrag.llm.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.memory.Turns;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyTermRewriterTest {

  final KeyTermRewriter rewriter = new KeyTermRewriter();

  static List<RememberedTurn> after(String question) {
    return List.of(Turns.turn("r", question, "answer", Instant.EPOCH));
  }

  @Test
  void aPersianFollowUpCarriesThePreviousQuestionsTopic() {
    String query = rewriter.standalone("و هفته بعد؟", after("رطوبت خاک من چقدر است؟"), "fa");

    assertThat(query).startsWith("و هفته بعد؟").contains("رطوبت").contains("خاک");
  }

  @Test
  void anEnglishWhatAboutFollowUpCarriesTheTopicItLacks() {
    String query =
        rewriter.standalone(
            "What about potassium?", after("How much nitrogen does my wheat need?"), "en");

    assertThat(query).contains("potassium").contains("wheat").contains("nitrogen");
  }

  @Test
  void anArabicFollowUpCarriesTheTopic() {
    String query =
        rewriter.standalone("وماذا عن الأسبوع القادم؟", after("ما نسبة رطوبة التربة؟"), "ar");

    assertThat(query).contains("رطوبة").contains("التربة");
  }

  @Test
  void aQuestionThatStandsAloneIsLeftAsItIs() {
    String question = "How do I measure soil pH before liming my field?";

    assertThat(rewriter.standalone(question, after("What is ET0?"), "en")).isEqualTo(question);
  }

  @Test
  void aFollowUpOfAFollowUpCarriesTheRewrittenTopicNotTheElliptic() {
    var previous =
        RememberedTurn.newBuilder(Turns.turn("r", "and tomorrow?", "a", Instant.EPOCH))
            .setQuery("and tomorrow? soil moisture")
            .build();

    assertThat(rewriter.standalone("and next week?", List.of(previous), "en"))
        .contains("soil")
        .contains("moisture");
  }
}
