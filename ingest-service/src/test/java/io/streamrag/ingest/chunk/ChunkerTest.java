package io.streamrag.ingest.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Tokens;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChunkerTest {

  private static final List<String> WORDS =
      List.of("soil", "water", "wheat", "frost", "nitrogen", "barley", "drip", "saffron");

  @Test
  void aShortTextIsOneChunk() {
    assertThat(new Chunker(500, 50).split("Irrigate when moisture drops below 20 %."))
        .containsExactly("Irrigate when moisture drops below 20 %.");
  }

  @Test
  void theByteBoundThatSparesTheTokenizerIsTheTextsUtf8Length() {
    for (String text :
        List.of("", "soil 20 %", "رطوبت خاک ۲۰ درصد", "التبخر النتحي", "frost ❄ 🌾 wheat", "é")) {
      assertThat(Chunker.utf8Length(text))
          .isEqualTo(text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
      // and no text has more o200k tokens than UTF-8 bytes, which is what the bound relies on
      assertThat(Tokens.count(text)).isLessThanOrEqualTo(Chunker.utf8Length(text));
    }
  }

  @Test
  void aTextOverTheLimitInTokensIsCutEvenWhenItIsShortInCharacters() {
    // 40 Persian words: few characters for a 30-token limit, but more tokens than that
    String text = String.join(" ", java.util.Collections.nCopies(40, "آبیاری"));
    var chunks = new Chunker(30, 5).split(text);
    assertThat(chunks)
        .hasSizeGreaterThan(1)
        .allSatisfy(c -> assertThat(Tokens.count(c)).isLessThanOrEqualTo(30));
  }

  @Test
  void aBlankTextHasNoChunk() {
    assertThat(new Chunker(500, 50).split("  \n ")).isEmpty();
  }

  @Test
  void noChunkIsLongerThanFiveHundredRealTokensAndNeighboursOverlapByAboutFifty() {
    String text =
        IntStream.range(0, 700)
            .mapToObj(i -> WORDS.get(i % WORDS.size()) + i + (i % 7 == 6 ? "," : ""))
            .collect(Collectors.joining(" "));

    var chunks = new Chunker(500, 50).split(text);

    assertThat(chunks).hasSizeGreaterThan(2);
    assertThat(chunks).allSatisfy(c -> assertThat(Tokens.count(c)).isLessThanOrEqualTo(500));
    assertThat(Tokens.count(chunks.get(0))).isGreaterThan(450);
    for (int i = 0; i + 1 < chunks.size(); i++) {
      String next = chunks.get(i + 1);
      String shared = chunks.get(i).substring(chunks.get(i).indexOf(next.split(" ")[0]));
      assertThat(next).startsWith(shared);
      assertThat(Tokens.count(shared)).isBetween(40, 55);
    }
    assertThat(String.join(" ", chunks))
        .startsWith("soil0 ")
        .endsWith(text.substring(text.lastIndexOf(" ") + 1));
  }

  @Test
  void tokensAreCountedByTheO200kTokenizerNotByWords() {
    assertThat(Chunker.countTokens("Irrigate at dawn."))
        .isEqualTo(Tokens.count("Irrigate at dawn."));
    assertThat(Chunker.countTokens("آبیاری‌ها در بهار انجام می‌شود"))
        .as("Persian takes more tokens than words")
        .isGreaterThan(5);
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
  void givenPersianTextThenEveryWordIsWholeInSomeChunkAndNoChunkExceedsTheLimit() {
    String text =
        "کود نیتروژن را در دو نوبت به مزرعه‌ی گندم بدهید و آبیاری‌ها را کم کنید ".repeat(60);

    var chunks = new Chunker(100, 10).split(text);

    assertThat(chunks).hasSizeGreaterThan(3);
    assertThat(chunks).allSatisfy(c -> assertThat(Tokens.count(c)).isLessThanOrEqualTo(100));
    var words = new HashSet<String>();
    chunks.forEach(c -> words.addAll(List.of(c.split("\\s+"))));
    assertThat(words).containsAll(List.of(text.strip().split("\\s+")));
    assertThat(words).allSatisfy(w -> assertThat(text).contains(w));
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
