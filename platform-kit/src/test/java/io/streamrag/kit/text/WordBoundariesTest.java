package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A split falls between words, with either kind of tokenizer, Persian half-spaces included. */
class WordBoundariesTest {

  // "I want water": می‌خواهم is one word of two parts joined by a zero-width non-joiner
  private static final String PERSIAN = "من می\u200cخواهم آب";

  @Test
  void spansThatSkipSpacesAndTheJoinerDoNotSplitAHalfSpacedWord() {
    // word pieces: من | می | خواهم | آب, the joiner between the middle two left out of both
    var pieces = List.of(span(0, 2), span(3, 5), span(6, 11), span(12, 14));

    assertThat(WordBoundaries.insideAWord(PERSIAN, pieces, 2)).isTrue();
    assertThat(WordBoundaries.insideAWord(PERSIAN, pieces, 1)).isFalse();
    // a window of the first two pieces ends after من, not inside می‌خواهم
    assertThat(WordBoundaries.wordEndBefore(PERSIAN, pieces, 0, 2)).isEqualTo(1);
  }

  @Test
  void tokensThatCarryTheirLeadingSpaceSplitOnlyBeforeTheSpace() {
    // o200k-like: من | " می" | "\u200cخواهم" | " آب"
    var tokens = List.of(span(0, 2), span(2, 5), span(5, 11), span(11, 14));

    assertThat(WordBoundaries.insideAWord(PERSIAN, tokens, 2)).isTrue();
    assertThat(WordBoundaries.insideAWord(PERSIAN, tokens, 3)).isFalse();
    assertThat(WordBoundaries.wordStartFrom(PERSIAN, tokens, 2, 4)).isEqualTo(3);
  }

  @Test
  void twoPiecesOfAnEnglishWordStayTogetherAndTwoWordsMayPart() {
    String text = "irrigation water";
    var pieces = List.of(span(0, 5), span(5, 10), span(11, 16)); // irrig ##ation water

    assertThat(WordBoundaries.insideAWord(text, pieces, 1)).isTrue();
    assertThat(WordBoundaries.insideAWord(text, pieces, 2)).isFalse();
    // the latest end that keeps words whole is after irrigation
    assertThat(WordBoundaries.wordEndBefore(text, pieces, 0, 2)).isEqualTo(2);
  }

  private static int[] span(int start, int end) {
    return new int[] {start, end};
  }
}
