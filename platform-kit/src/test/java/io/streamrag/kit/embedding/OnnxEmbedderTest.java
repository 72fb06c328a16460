package io.streamrag.kit.embedding;

import java.util.concurrent.Executors;

class OnnxEmbedderTest extends EmbedderContract {

  private static final Embedder BUNDLED =
      OnnxEmbedder.bundledMiniLm(Executors.newFixedThreadPool(2));

  @Override
  protected Embedder embedder() {
    return BUNDLED;
  }
}
