package io.streamrag.kit.embedding;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Providers of one model tried in order for every call (S1.8: a primary endpoint, then a second):
 * the first that answers serves it.
 *
 * <p>Only providers serving the same model may stand in for each other. The index records one model
 * id, and a vector from another model is not comparable with the ones already indexed: falling back
 * to a different model would silently mix them. So the providers must agree on {@link #modelId()}
 * (name and dimension), or construction fails.
 */
public final class FallbackEmbedder implements Embedder {

  private static final Logger log = LoggerFactory.getLogger(FallbackEmbedder.class);

  private final List<Embedder> providers;
  private volatile Embedder serving;

  /**
   * @param providers in order of preference, all of the same model
   * @throws IllegalArgumentException when the list is empty or the providers serve different models
   */
  public FallbackEmbedder(List<Embedder> providers) {
    if (providers.isEmpty()) {
      throw new IllegalArgumentException("a fallback needs at least one embedding provider");
    }
    String model = providers.get(0).modelId();
    for (Embedder provider : providers) {
      if (!provider.modelId().equals(model)) {
        throw new IllegalArgumentException(
            "embedding providers can only fall back to one another when they serve the same model,"
                + " because the index records one model and cannot mix vectors of two: "
                + providers.get(0)
                + " serves "
                + model
                + " but "
                + provider
                + " serves "
                + provider.modelId());
      }
    }
    this.providers = List.copyOf(providers);
  }

  @Override
  public String modelId() {
    return providers.get(0).modelId();
  }

  @Override
  public int dimension() {
    return providers.get(0).dimension();
  }

  @Override
  public int maxTokens() {
    return providers.get(0).maxTokens();
  }

  @Override
  public Set<String> languages() {
    return providers.get(0).languages();
  }

  /** The windows of the first provider: every provider serves the same model. */
  @Override
  public List<String> windows(String heading, String text) {
    return providers.get(0).windows(heading, text);
  }

  @Override
  public float[] embed(String text) {
    return first(p -> p.embed(text));
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return texts.isEmpty() ? List.of() : first(p -> p.embedAll(texts));
  }

  @Override
  public String toString() {
    return "fallback " + providers;
  }

  private <T> T first(Function<Embedder, T> call) {
    var failures = new ArrayList<RuntimeException>();
    for (int i = 0; i < providers.size(); i++) {
      Embedder provider = providers.get(i);
      try {
        T result = call.apply(provider);
        if (serving != provider) {
          serving = provider;
          log.info(
              "embeddings now served by {} (provider {} of {})", provider, i + 1, providers.size());
        }
        return result;
      } catch (RuntimeException e) {
        // A provider that already failed over is tried again on every call; say so once.
        if (serving == null || serving == provider) {
          log.warn(
              "embedding provider {} of {} failed: {}", i + 1, providers.size(), e.getMessage());
        } else {
          log.debug(
              "embedding provider {} of {} still fails: {}",
              i + 1,
              providers.size(),
              e.getMessage());
        }
        failures.add(e);
      }
    }
    var all =
        new EmbeddingException(
            "every embedding provider failed: "
                + failures.stream().map(Throwable::getMessage).collect(Collectors.joining("; ")));
    failures.forEach(all::addSuppressed);
    throw all;
  }
}
