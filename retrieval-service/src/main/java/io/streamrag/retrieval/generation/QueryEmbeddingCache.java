package io.streamrag.retrieval.generation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.streamrag.kit.embedding.Embedder;
import java.util.List;
import java.util.Set;

/**
 * Questions' embeddings, kept: a question asked again (the same words in another chat, the evidence
 * loop searching its rewrite's parts again, a farmer's common question) is not embedded again.
 * Keyed by the model's id and the text, so a switch to another model's generation never returns the
 * old model's vector. Bounded ({@value #ENTRIES} vectors, least recently used out first, about 1.5
 * KB each at 384 dimensions). For questions only: chunks are embedded once, when indexed, and go
 * through the embedder itself.
 */
final class QueryEmbeddingCache implements Embedder {

  static final int ENTRIES = 4_096;

  private record Key(String model, String text) {}

  private final Embedder embedder;
  private final Cache<Key, float[]> vectors;

  QueryEmbeddingCache(Embedder embedder, int entries) {
    this.embedder = embedder;
    // upkeep (eviction) on the calling thread: no pool of its own, the bound holds at once
    this.vectors = Caffeine.newBuilder().maximumSize(entries).executor(Runnable::run).build();
  }

  @Override
  public String modelId() {
    return embedder.modelId();
  }

  @Override
  public int dimension() {
    return embedder.dimension();
  }

  @Override
  public int maxTokens() {
    return embedder.maxTokens();
  }

  @Override
  public Set<String> languages() {
    return embedder.languages();
  }

  /** The text's vector, embedded on the first call for this model and text only. */
  @Override
  public float[] embed(String text) {
    float[] vector = vectors.get(new Key(embedder.modelId(), text), k -> embedder.embed(k.text()));
    return vector.clone();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return texts.stream().map(this::embed).toList();
  }
}
