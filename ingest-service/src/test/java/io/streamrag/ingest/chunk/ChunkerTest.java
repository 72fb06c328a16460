package io.streamrag.ingest.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChunkerTest {

  @Test
  void aShortTextIsOneChunk() {
    assertThat(new Chunker(500, 50).split("Irrigate when moisture drops below 20 %."))
        .containsExactly("Irrigate when moisture drops below 20 %.");
  }

  @Test
  void aBlankTextHasNoChunk() {
    assertThat(new Chunker(500, 50).split("  \n ")).isEmpty();
  }

  @Test
  void noChunkIsLongerThanTheLimitAndNeighboursOverlap() {
    String text = IntStream.range(0, 1200).mapToObj(i -> "w" + i).collect(Collectors.joining(" "));

    var chunks = new Chunker(500, 50).split(text);

    assertThat(chunks).hasSize(3);
    assertThat(chunks).allSatisfy(c -> assertThat(Chunker.countTokens(c)).isLessThanOrEqualTo(500));
    assertThat(chunks.get(0)).startsWith("w0 ").endsWith(" w499");
    assertThat(chunks.get(1)).startsWith("w450 ");
  }

  @Test
  void aChunkEndsAtTheLastSentenceEndInItsSecondHalf() {
    String sentence = "one two three four five six seven eight nine.";
    String text = (sentence + " ").repeat(20).strip();

    var chunks = new Chunker(45, 5).split(text);

    assertThat(chunks.get(0)).endsWith("nine.");
    assertThat(Chunker.countTokens(chunks.get(0))).isEqualTo(40);
  }

  @Test
  void aChunkerWithinAnEmbeddersLimitCutsShorterChunksWithAShorterOverlap() {
    String text = IntStream.range(0, 200).mapToObj(i -> "w" + i).collect(Collectors.joining(" "));

    var chunks = new Chunker(500, 50).within(80).split(text);

    assertThat(chunks).allSatisfy(c -> assertThat(Chunker.countTokens(c)).isLessThanOrEqualTo(80));
    assertThat(chunks.get(1)).startsWith("w64 ");
  }

  @Test
  void aPersianWordWithAZeroWidthNonJoinerIsOneToken() {
    assertThat(Chunker.countTokens("آبیاری‌ها می‌شود")).isEqualTo(2);
  }

  @Test
  void anArabicWordIsOneTokenWithItsVowelMarksAndArabicPunctuationIsATokenOfItsOwn() {
    assertThat(Chunker.countTokens("تُروى المحاصيلُ، ثم تُقاس الرطوبة؛ متى؟ ٢٥٪"))
        .as("تُروى المحاصيلُ ، ثم تُقاس الرطوبة ؛ متى ؟ ٢٥ ٪")
        .isEqualTo(11);
  }

  @Test
  void givenArabicTextThenChunksEndAtAnArabicQuestionMarkOrFullStop() {
    String sentence = "متى أروي القمح في الربيع عندما تجف التربة السطحية؟ ";
    String text = sentence.repeat(20).strip();

    var chunks = new Chunker(45, 5).split(text);

    assertThat(chunks).hasSizeGreaterThan(1);
    assertThat(chunks).allSatisfy(c -> assertThat(Chunker.countTokens(c)).isLessThanOrEqualTo(45));
    assertThat(chunks.get(0)).endsWith("السطحية؟");
  }
}
