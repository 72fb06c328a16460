package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link Embedder} must do. Each adapter's test extends this class. */
abstract class EmbedderContract {

  protected abstract Embedder embedder();

  @Test
  void everyVectorHasTheAnnouncedDimension() {
    assertThat(embedder().embed("soil moisture")).hasSize(embedder().dimension());
    assertThat(embedder().embedAll(List.of("a", "b")))
        .allSatisfy(v -> assertThat(v).hasSize(embedder().dimension()));
    assertThat(embedder().modelId()).endsWith("/" + embedder().dimension());
  }

  @Test
  void theSameTextAlwaysGivesTheSameVector() {
    assertThat(embedder().embed("irrigate at dawn"))
        .containsExactly(embedder().embed("irrigate at dawn"));
  }

  @Test
  void aBatchGivesEachTextTheVectorItGetsAlone() {
    var texts = List.of("nitrogen fertilizer", "drip irrigation", "frost risk tonight");

    var batch = embedder().embedAll(texts);

    assertThat(batch).hasSize(3);
    for (int i = 0; i < texts.size(); i++) {
      assertThat(batch.get(i)).containsExactly(embedder().embed(texts.get(i)));
    }
  }

  @Test
  void aLongListComesBackWholeAndInOrder() {
    var texts = IntStream.range(0, 40).mapToObj(i -> "field " + i + " needs water").toList();

    var batch = embedder().embedAll(texts);

    assertThat(batch).hasSize(40);
    assertThat(batch.get(0)).containsExactly(embedder().embed(texts.get(0)));
    assertThat(batch.get(33)).containsExactly(embedder().embed(texts.get(33)));
    assertThat(batch.get(39)).containsExactly(embedder().embed(texts.get(39)));
  }

  @Test
  void anEmptyListGivesNoVectors() {
    assertThat(embedder().embedAll(List.of())).isEmpty();
  }

  @Test
  void aParaphraseIsCloserThanAnUnrelatedSentence() {
    float[] question = embedder().embed("How much water does my field need?");
    float[] paraphrase = embedder().embed("Irrigation amount required by the crop");
    float[] unrelated = embedder().embed("The stock market closed lower on Friday");

    assertThat(Cosine.of(question, paraphrase)).isGreaterThan(Cosine.of(question, unrelated));
  }

  @Test
  void itSaysHowMuchOfATextItReadsAndInWhichLanguages() {
    assertThat(embedder().maxTokens()).isPositive();
    assertThat(embedder().languages()).allMatch(language -> language.matches("[a-z]{2}"));
    if (embedder().languages().isEmpty()) {
      assertThat(embedder().reads("fa")).isTrue();
    } else {
      embedder().languages().forEach(l -> assertThat(embedder().reads(l)).isTrue());
    }
  }

  @Test
  void aTextThatFitsIsOneWindowHeadedByItsTitle() {
    assertThat(embedder().windows("Drip irrigation", "Water at dawn."))
        .containsExactly("Drip irrigation\nWater at dawn.");
    assertThat(embedder().windows("", "Water at dawn.")).containsExactly("Water at dawn.");
    assertThat(embedder().windows("Title", "  ")).isEmpty();
  }

  @Test
  void aLongTextIsCoveredByOverlappingWindowsEachHeadedByItsTitle() {
    String text = longText(3 * embedder().maxTokens());

    var windows = embedder().windows("Frost protection", text);

    assertThat(windows).hasSizeGreaterThan(2);
    assertThat(windows).allSatisfy(w -> assertThat(w).startsWith("Frost protection\n"));
    assertThat(windows.get(0)).contains("word0 ");
    assertThat(windows.get(windows.size() - 1)).endsWith("word" + (3 * embedder().maxTokens() - 1));
    var words = new java.util.HashSet<String>();
    windows.forEach(w -> words.addAll(List.of(w.split("\\s+"))));
    for (int i = 0; i < 3 * embedder().maxTokens(); i++) {
      assertThat(words).as("every word is in a window, whole").contains("word" + i);
    }
    // neighbours share their boundary: the last word of one window opens the next
    String firstEnd = windows.get(0).substring(windows.get(0).lastIndexOf(' ') + 1);
    assertThat(windows.get(1)).contains(" " + firstEnd + " ");
  }

  static String longText(int words) {
    var text = new StringBuilder();
    for (int i = 0; i < words; i++) {
      text.append("word").append(i).append(i == words - 1 ? "" : " ");
    }
    return text.toString();
  }
}
