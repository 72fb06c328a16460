package io.streamrag.kit.embedding;

class OnnxEmbedderTest extends EmbedderContract {

  @Override
  protected Embedder embedder() {
    return BundledModel.EMBEDDER;
  }
}
