package io.streamrag.llm.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutputGuardTest {

  static final String INSTRUCTIONS =
      "You answer a farmer's question about their own field. Use only the context below: the"
          + " current readings of their sensor. If you lack data, say \"I do not have enough"
          + " information about your field to answer that question\" and stop.";

  final String canary = Canary.of("request-1");
  final OutputGuard guard = new OutputGuard(canary, List.of(INSTRUCTIONS), 10);
  final List<String> sent = new ArrayList<>();

  void stream(String... pieces) {
    for (String piece : pieces) {
      sent.add(guard.admit(piece));
    }
    sent.add(guard.rest());
  }

  @Test
  void anOrdinaryAnswerGoesOutWholeAndNothingIsLeftHeldBack() {
    stream("Soil moisture is ", "12.5 % [1]; ", "irrigate at half of available water.");

    assertThat(String.join("", sent))
        .isEqualTo("Soil moisture is 12.5 % [1]; irrigate at half of available water.");
  }

  @Test
  void anAnswerThatWritesTheMarkerIsCutOffAndTheMarkerNeverGoesOut() {
    sent.add(guard.admit("My setup says: marker "));
    sent.add(guard.admit(canary.substring(0, 5)));

    assertThatThrownBy(() -> guard.admit(canary.substring(5) + " and then"))
        .isInstanceOf(AnswerLeak.class)
        .hasMessageContaining("marker");
    assertThat(String.join("", sent)).isEqualTo("My setup says: marker ").doesNotContain("sr-");
  }

  @Test
  void theMarkerIsFoundWhateverItsCase() {
    assertThatThrownBy(() -> guard.admit("ok " + canary.toUpperCase()))
        .isInstanceOf(AnswerLeak.class);
  }

  @Test
  void anAnswerThatCopiesTenWordsOfTheInstructionsIsCutOffThere() {
    sent.add(guard.admit("Sure! My instructions: you answer a farmer's "));
    sent.add(guard.admit("question about their own "));

    assertThatThrownBy(() -> guard.admit("field. Use only the context below"))
        .isInstanceOf(AnswerLeak.class)
        .hasMessageContaining("10 words of the instructions");
    assertThat(String.join("", sent)).doesNotContain("field");
  }

  @Test
  void aCopyThatEndsTheAnswerIsCaughtWhenItCompletes() {
    assertThat(guard.admit("you answer a farmer's question about their own field"))
        .isEqualTo("you answer a farmer's question about their own field");

    assertThatThrownBy(guard::rest).isInstanceOf(AnswerLeak.class);
  }

  @Test
  void aSentenceTheInstructionsQuoteMayBeSaid() {
    stream("I do not have enough information about your field to answer that question.");

    assertThat(String.join("", sent)).startsWith("I do not have enough information");
  }

  @Test
  void nineWordsInARowAreNotACopy() {
    stream("Remember: you answer a farmer's question about their own crops.");

    assertThat(String.join("", sent)).endsWith("crops.");
  }

  @Test
  void eachRequestHasItsOwnMarkerInItsSystemPromptLine() {
    assertThat(Canary.of("request-1")).isEqualTo(canary).matches("sr-[0-9a-f]{16}");
    assertThat(Canary.of("request-2")).isNotEqualTo(canary);
    assertThat(Canary.line("request-1")).contains(canary);
  }
}
