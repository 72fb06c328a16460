package io.streamrag.retrieval.generation;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The bundled MiniLM model, with a count of the texts it really embedded. */
class QueryEmbeddingCacheTest {

  static final Embedder MINI_LM = OnnxEmbedder.bundledMiniLm(Runnable::run);

  /** The real model under another id, counting its calls. */
  static final class Counted implements Embedder {
    final AtomicInteger embedded = new AtomicInteger();
    volatile String id = MINI_LM.modelId();

    @Override
    public String modelId() {
      return id;
    }

    @Override
    public int dimension() {
      return MINI_LM.dimension();
    }

    @Override
    public int maxTokens() {
      return MINI_LM.maxTokens();
    }

    @Override
    public Set<String> languages() {
      return MINI_LM.languages();
    }

    @Override
    public float[] embed(String text) {
      embedded.incrementAndGet();
      return MINI_LM.embed(text);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      return texts.stream().map(this::embed).toList();
    }
  }

  @Test
  void aQuestionAskedAgainGetsTheSameVectorWithoutBeingEmbeddedAgain() {
    var model = new Counted();
    var cache = new QueryEmbeddingCache(model, 16);

    float[] first = cache.embed("how much water does maize need in July");
    float[] again = cache.embed("how much water does maize need in July");

    assertThat(again).containsExactly(MINI_LM.embed("how much water does maize need in July"));
    assertThat(again).containsExactly(first);
    assertThat(model.embedded).hasValue(1);
  }

  @Test
  void afterASwitchToAnotherModelTheQuestionIsEmbeddedByIt() {
    var model = new Counted();
    var cache = new QueryEmbeddingCache(model, 16);
    cache.embed("nitrogen for wheat");

    model.id = "another-model";
    cache.embed("nitrogen for wheat");

    assertThat(model.embedded).hasValue(2);
  }

  @Test
  void aVectorChangedByItsCallerDoesNotChangeTheNextAnswer() {
    var cache = new QueryEmbeddingCache(new Counted(), 16);
    float[] first = cache.embed("drip irrigation");
    float expected = first[0];

    first[0] = 42f;

    assertThat(cache.embed("drip irrigation")[0]).isEqualTo(expected);
  }

  @Test
  void itKeepsAtMostItsBound() {
    var model = new Counted();
    var cache = new QueryEmbeddingCache(model, 2);
    for (String q : List.of("a", "b", "c", "d", "e", "f")) {
      cache.embed(q);
    }
    model.embedded.set(0);

    List.of("a", "b", "c", "d", "e", "f").forEach(cache::embed);

    assertThat(model.embedded.get()).isGreaterThanOrEqualTo(4);
  }
}
