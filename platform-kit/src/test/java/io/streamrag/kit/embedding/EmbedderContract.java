package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link Embedder} must do. Each adapter's test extends this class. */
abstract class EmbedderContract {

  protected abstract Embedder embedder();

  @Test
  void everyVectorHasTheAnnouncedDimension() {
    assertThat(embedder().embed("soil moisture")).hasSize(embedder().dimension());
    assertThat(embedder().modelId()).endsWith("/" + embedder().dimension());
  }

  @Test
  void theSameTextAlwaysGivesTheSameVector() {
    assertThat(embedder().embed("irrigate at dawn"))
        .containsExactly(embedder().embed("irrigate at dawn"));
  }

  @Test
  void aBatchKeepsTheOrderOfItsTexts() {
    var texts = List.of("nitrogen fertilizer", "drip irrigation", "frost risk tonight");
    var batch = embedder().embedAll(texts);

    assertThat(batch).hasSize(3);
    for (int i = 0; i < texts.size(); i++) {
      assertThat(cosine(batch.get(i), embedder().embed(texts.get(i)))).isGreaterThan(0.999);
    }
    assertThat(embedder().embedAll(List.of())).isEmpty();
  }

  @Test
  void aParaphraseIsCloserThanAnUnrelatedSentence() {
    float[] question = embedder().embed("How much water does my field need?");
    float[] paraphrase = embedder().embed("Irrigation amount required by the crop");
    float[] unrelated = embedder().embed("The stock market closed lower on Friday");

    assertThat(cosine(question, paraphrase)).isGreaterThan(cosine(question, unrelated));
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }
}
