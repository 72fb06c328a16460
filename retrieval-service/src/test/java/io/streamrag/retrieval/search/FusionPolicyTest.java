package io.streamrag.retrieval.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The weights a question is searched with: configured, or its KBs' calibrated ones. */
class FusionPolicyTest {

  static final OnnxEmbedder EMBEDDER = OnnxEmbedder.bundledMiniLm(Runnable::run);
  static final RetrievalProperties.Search SEARCH =
      new RetrievalProperties.Search(7, 3, 60, 1.0, Map.of("en", 1.0, "fa", 0.0, "default", 1.0));
  static final KbFusion CALIBRATED =
      kb ->
          switch (kb) {
            case "manuals" -> Optional.of(new KbFusion.Weights(1, 0.25)); // dense turned down
            case "faq" -> Optional.of(new KbFusion.Weights(0, 1)); // dense alone
            default -> Optional.empty();
          };
  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";

  /** The search of an English question in {@code kbs}, under the calibrated policy. */
  static SearchQuery pumpPressureIn(String... kbs) {
    return new FusionPolicy(SEARCH, EMBEDDER, CALIBRATED)
        .query("pump pressure", "en", TenantFilter.of(SENSOR, List.of(kbs)));
  }

  @Test
  void aCalibratedKbIsSearchedWithItsOwnWeights() {
    var manuals = pumpPressureIn("manuals");
    assertThat(manuals.lexicalWeight()).isEqualTo(1.0);
    assertThat(manuals.denseWeight()).isEqualTo(0.25);
    assertThat(manuals.vector()).isNotNull();

    var faq = pumpPressureIn("faq");
    assertThat(faq.lexicalWeight()).isZero();
    assertThat(faq.denseWeight()).isEqualTo(1.0);
  }

  @Test
  void aKbWithoutCalibrationKeepsTheConfiguredWeightsAndSeveralKbsTakeTheMean() {
    var other = pumpPressureIn("other");
    assertThat(other.lexicalWeight()).isEqualTo(1.0);
    assertThat(other.denseWeight()).isEqualTo(1.0);

    var both = pumpPressureIn("manuals", "other");
    assertThat(both.lexicalWeight()).isEqualTo(1.0);
    assertThat(both.denseWeight()).isEqualTo((0.25 + 1.0) / 2);
  }

  @Test
  void aLanguageTheDenseLegDoesNotServeStaysLexicalWhateverTheCalibration() {
    var policy = new FusionPolicy(SEARCH, EMBEDDER, CALIBRATED);

    var persian = policy.query("فشار پمپ", "fa", TenantFilter.of(SENSOR, List.of("faq")));

    assertThat(persian.denseWeight()).isZero();
    assertThat(persian.lexicalWeight()).isEqualTo(1.0);
    assertThat(persian.vector()).isNull();
  }

  @Test
  void aKbWhoseCalibrationDropsTheDenseLegIsNotEmbeddedFor() {
    KbFusion lexicalOnly = kb -> Optional.of(new KbFusion.Weights(1, 0));
    var embeddings = new AtomicInteger();
    var counting = counting(embeddings);
    var policy = new FusionPolicy(SEARCH, counting, lexicalOnly);

    var q = policy.query("pump pressure", "en", TenantFilter.of(SENSOR, List.of("manuals")));

    assertThat(q.denseWeight()).isZero();
    assertThat(q.vector()).isNull();
    assertThat(embeddings).hasValue(0);
  }

  @Test
  void withAnExecutorTheQuestionIsEmbeddedThereWhileTheSearchIsBuiltAndStarted() throws Exception {
    var release = new CountDownLatch(1);
    var embeddedOn = new java.util.concurrent.atomic.AtomicReference<String>();
    var slow =
        new DelegatingEmbedder(EMBEDDER) {
          @Override
          public float[] embed(String text) {
            embeddedOn.set(Thread.currentThread().getName());
            try {
              release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return EMBEDDER.embed(text);
          }
        };
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> new Thread(r, "beside"));
    try {
      var policy = new FusionPolicy(SEARCH, slow, KbFusion.NONE, executor);

      // the query is handed over while its embedding is still being made
      var q = policy.query("pump pressure", "en", TenantFilter.of(SENSOR, List.of("manuals")));
      assertThat(q.embedding().present()).isTrue();

      // and the store gets the same vector as an embedding made first, once it is done
      release.countDown();
      assertThat(q.vector()).containsExactly(EMBEDDER.embed("pump pressure"));
      assertThat(embeddedOn.get()).isEqualTo("beside");
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void aQuestionTheDenseLegCannotReadIsNotEmbeddedBesideTheSearchEither() {
    var embeddings = new AtomicInteger();
    var counting = counting(embeddings);
    var policy = new FusionPolicy(SEARCH, counting, KbFusion.NONE, Runnable::run);

    var q = policy.query("رطوبت خاک", "fa", TenantFilter.of(SENSOR, List.of("manuals")));

    assertThat(q.embedding().present()).isFalse();
    assertThat(q.vector()).isNull();
    assertThat(embeddings).hasValue(0);
  }

  /** The test embedder, counting its calls in {@code embeddings}. */
  private static Embedder counting(AtomicInteger embeddings) {
    return new DelegatingEmbedder(EMBEDDER) {
      @Override
      public float[] embed(String text) {
        embeddings.incrementAndGet();
        return EMBEDDER.embed(text);
      }
    };
  }
}
