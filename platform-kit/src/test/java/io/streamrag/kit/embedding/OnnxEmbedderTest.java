package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OnnxEmbedderTest extends EmbedderContract {

  @Override
  protected Embedder embedder() {
    return BundledModel.EMBEDDER;
  }

  @Test
  void theModelReadsEveryWindowToItsLastWord() {
    var windows = embedder().windows("Saffron corms", longText(500));

    assertThat(windows).hasSizeGreaterThan(3);
    for (String window : windows.subList(0, windows.size() - 1)) {
      String shorter = window.substring(0, window.lastIndexOf(' '));
      assertThat(embedder().embed(window))
          .as("the last word of a full window changes its vector: the model read it")
          .isNotEqualTo(embedder().embed(shorter));
    }
  }
}
