package io.streamrag.retrieval.search;

import io.streamrag.kit.embedding.Embedder;
import java.util.List;
import java.util.Set;

/** An embedder that passes everything to another; tests override what they watch. */
class DelegatingEmbedder implements Embedder {

  private final Embedder delegate;

  DelegatingEmbedder(Embedder delegate) {
    this.delegate = delegate;
  }

  @Override
  public float[] embed(String text) {
    return delegate.embed(text);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return texts.stream().map(this::embed).toList();
  }

  @Override
  public List<String> windows(String heading, String text) {
    return delegate.windows(heading, text);
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  @Override
  public String modelId() {
    return delegate.modelId();
  }

  @Override
  public int maxTokens() {
    return delegate.maxTokens();
  }

  @Override
  public Set<String> languages() {
    return delegate.languages();
  }
}
