package io.streamrag.kit.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The bundled MiniLM model, with a count of the texts it really embedded. */
class CachedEmbedderTest {

  static final Embedder MINI_LM = OnnxEmbedder.bundledMiniLm(Runnable::run);

  /** The real model under another id, counting its calls. */
  static final class Counted implements Embedder {
    final AtomicInteger embedded = new AtomicInteger();
    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger cut = new AtomicInteger();
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
      calls.incrementAndGet();
      embedded.addAndGet(texts.size());
      return MINI_LM.embedAll(texts);
    }

    @Override
    public List<String> windows(String heading, String text) {
      cut.incrementAndGet();
      return MINI_LM.windows(heading, text);
    }
  }

  @Test
  void aQuestionAskedAgainGetsTheSameVectorWithoutBeingEmbeddedAgain() {
    var model = new Counted();
    var cache = new CachedEmbedder(model, 16);

    float[] first = cache.embed("how much water does maize need in July");
    float[] again = cache.embed("how much water does maize need in July");

    assertThat(again).containsExactly(MINI_LM.embed("how much water does maize need in July"));
    assertThat(again).containsExactly(first);
    assertThat(model.embedded).hasValue(1);
  }

  @Test
  void afterASwitchToAnotherModelTheQuestionIsEmbeddedByIt() {
    var model = new Counted();
    var cache = new CachedEmbedder(model, 16);
    cache.embed("nitrogen for wheat");

    model.id = "another-model";
    cache.embed("nitrogen for wheat");

    assertThat(model.embedded).hasValue(2);
  }

  @Test
  void aVectorChangedByItsCallerDoesNotChangeTheNextAnswer() {
    var cache = new CachedEmbedder(new Counted(), 16);
    float[] first = cache.embed("drip irrigation");
    float expected = first[0];

    first[0] = 42f;

    assertThat(cache.embed("drip irrigation")[0]).isEqualTo(expected);
  }

  @Test
  void itKeepsAtMostItsBound() {
    var model = new Counted();
    var cache = new CachedEmbedder(model, 2);
    for (String q : List.of("a", "b", "c", "d", "e", "f")) {
      cache.embed(q);
    }
    model.embedded.set(0);

    List.of("a", "b", "c", "d", "e", "f").forEach(cache::embed);

    assertThat(model.embedded.get()).isGreaterThanOrEqualTo(4);
  }

  @Test
  void aBatchEmbedsOnlyTheTextsNotKeptInOneCallAndKeepsTheOrder() {
    var model = new Counted();
    var cache = new CachedEmbedder(model, 16);
    cache.embed("soil moisture falling");
    model.embedded.set(0);
    model.calls.set(0);

    var vectors =
        cache.embedAll(
            List.of(
                "soil pH steady", "soil moisture falling", "nitrogen rising", "soil pH steady"));

    assertThat(model.calls).hasValue(1);
    assertThat(model.embedded).hasValue(2);
    assertThat(vectors.get(0)).containsExactly(MINI_LM.embed("soil pH steady"));
    assertThat(vectors.get(1)).containsExactly(MINI_LM.embed("soil moisture falling"));
    assertThat(vectors.get(2)).containsExactly(MINI_LM.embed("nitrogen rising"));
    assertThat(vectors.get(3)).containsExactly(vectors.get(0));
  }

  @Test
  void aLongTextIsCutByTheModelsOwnTokenizerNotByTheDefaultCount() {
    String longText = "Drip irrigation saves water in loam soils. ".repeat(60);
    var cache = new CachedEmbedder(new Counted(), 16);

    assertThat(cache.windows("Irrigation", longText))
        .isEqualTo(MINI_LM.windows("Irrigation", longText))
        .hasSizeGreaterThan(1);
  }

  @Test
  void aTextCutOnceIsNotCutAgainUntilTheModelChanges() {
    String longText = "Drip irrigation saves water in loam soils. ".repeat(60);
    var counted = new Counted();
    var cache = new CachedEmbedder(counted, 16);

    var first = cache.windows("Irrigation", longText);
    var again = cache.windows("Irrigation", longText);
    assertThat(again).isEqualTo(first);
    assertThat(counted.cut).hasValue(1);

    cache.windows("Drip", longText);
    assertThat(counted.cut).as("another heading is another cut").hasValue(2);

    counted.id = "other-model/384";
    cache.windows("Irrigation", longText);
    assertThat(counted.cut).as("another model cuts by its own tokenizer").hasValue(3);
  }
}
