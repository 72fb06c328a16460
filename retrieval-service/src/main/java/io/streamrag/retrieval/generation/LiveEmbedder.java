package io.streamrag.retrieval.generation;

import io.streamrag.kit.embedding.Embedder;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The embedder of whichever generation serves at the time of each call: after a re-embedding
 * switches, questions are embedded by the new model. A search that embedded its question just
 * before a switch and searches just after it gets vectors of two models for that one search; with
 * another dimension, the dense leg fails and that answer is degraded, never wrong silently.
 */
final class LiveEmbedder implements Embedder {

  private final Supplier<Embedder> current;

  LiveEmbedder(Supplier<Embedder> current) {
    this.current = current;
  }

  @Override
  public String modelId() {
    return current.get().modelId();
  }

  @Override
  public int dimension() {
    return current.get().dimension();
  }

  @Override
  public int maxTokens() {
    return current.get().maxTokens();
  }

  @Override
  public Set<String> languages() {
    return current.get().languages();
  }

  @Override
  public List<String> windows(String heading, String text) {
    return current.get().windows(heading, text);
  }

  @Override
  public float[] embed(String text) {
    return current.get().embed(text);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return current.get().embedAll(texts);
  }
}
