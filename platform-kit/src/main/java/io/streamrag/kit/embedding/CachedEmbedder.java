package io.streamrag.kit.embedding;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An embedder that keeps the vectors of the texts it embedded last: a text seen again is not
 * embedded again. Retrieval keeps questions' vectors (the same words in another chat, the evidence
 * loop searching a rewrite's parts again); ingest keeps chunks' windows, so a sensor's new reading
 * whose meaning did not change (its values did, which the embedder does not read) costs no
 * embedding. Keyed by the model's id and the text, so after a switch to another model the old
 * model's vector is never returned. Bounded (least recently used out first, about 1.5 KB per vector
 * at 384 dimensions). Windows are the model's own: the cache changes what is embedded, never how a
 * text is cut. How a text is cut is kept too: cutting runs the model's tokenizer, which a sensor's
 * reading paid on every reading though its vector was kept (about a fifth of ingest-service's
 * consumer thread at 300 readings/s, docs/measurements/2026-12-07-cpu-per-reading.md).
 */
public final class CachedEmbedder implements Embedder {

  /** The bound both services use: 4,096 vectors, about 6 MB at 384 dimensions. */
  public static final int ENTRIES = 4_096;

  private record Key(String model, String text) {}

  private record Cut(String model, String heading, String text) {}

  private final Embedder embedder;
  private final Cache<Key, float[]> vectors;
  private final Cache<Cut, List<String>> windows;

  public CachedEmbedder(Embedder embedder, int entries) {
    this.embedder = embedder;
    // upkeep (eviction) on the calling thread: no pool of its own, the bound holds at once
    this.vectors = Caffeine.newBuilder().maximumSize(entries).executor(Runnable::run).build();
    // bounded by characters, a long document's chunk weighing more than a reading's: at most
    // about 2,000 characters an entry on average: 8 MB at the default bound, 16 MB in Persian
    this.windows =
        Caffeine.newBuilder()
            .maximumWeight(entries * 2_048L)
            .<Cut, List<String>>weigher(
                (cut, windows) ->
                    cut.heading().length()
                        + cut.text().length()
                        + windows.stream().mapToInt(String::length).sum())
            .executor(Runnable::run)
            .build();
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

  /** The model's windows of the text, cut on the first call for this model, heading and text. */
  @Override
  public List<String> windows(String heading, String text) {
    return windows.get(
        new Cut(embedder.modelId(), heading, text),
        cut -> List.copyOf(embedder.windows(heading, text)));
  }

  /** The text's vector, embedded on the first call for this model and text only. */
  @Override
  public float[] embed(String text) {
    return embedAll(List.of(text)).get(0);
  }

  /** The texts' vectors; the ones not kept are embedded together, in one call. */
  @Override
  public List<float[]> embedAll(List<String> texts) {
    String model = embedder.modelId();
    var keys = texts.stream().map(text -> new Key(model, text)).toList();
    Map<Key, float[]> kept =
        vectors.getAll(
            keys,
            missing -> {
              var order = List.copyOf(missing);
              var embedded = embedder.embedAll(order.stream().map(Key::text).toList());
              var fresh = new HashMap<Key, float[]>();
              for (int i = 0; i < order.size(); i++) {
                fresh.put(order.get(i), embedded.get(i));
              }
              return fresh;
            });
    return keys.stream().map(key -> kept.get(key).clone()).toList();
  }
}
