package io.streamrag.kit.embedding;

import java.util.concurrent.Executors;

/** The bundled model, loaded once for all tests of this module (each load costs ~150 MB). */
final class BundledModel {

  static final Embedder EMBEDDER = OnnxEmbedder.bundledMiniLm(Executors.newFixedThreadPool(2));

  private BundledModel() {}
}
