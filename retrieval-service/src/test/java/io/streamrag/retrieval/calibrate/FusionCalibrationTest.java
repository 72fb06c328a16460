package io.streamrag.retrieval.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.retrieval.calibrate.PseudoQueries.PseudoQuery;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.Scopes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The calibration keeps the leg that finds a KB's own documents, with a real index and the bundled
 * embedder: a KB whose vectors miss its meaning loses its dense leg; a KB asked in other words than
 * its text keeps it; a KB both legs read keeps the configured weights; a Persian KB, which the
 * embedder cannot read, gets dense 0.
 */
class FusionCalibrationTest {

  static final OnnxEmbedder EMBEDDER = OnnxEmbedder.bundledMiniLm(Runnable::run);
  static final TenantFilter KB = new TenantFilter(Set.of(Scopes.GLOBAL_SENSOR), Set.of("kb"));

  static final List<String> TOPICS =
      List.of(
          "Drip emitters deliver water slowly to the root zone of orchard trees.",
          "Aphids suck sap from young leaves and spread viral diseases among crops.",
          "Nitrogen fertilizer applied before heavy rain is washed below the roots.",
          "Frost protection fans mix warm air from above into the cold layer near blossoms.",
          "Saline soils need leaching with extra water and good drainage to remove salts.",
          "Harvested wheat must be dried below fourteen percent moisture before storage.",
          "Bees pollinate almond flowers, so hives are placed in orchards at bloom.",
          "Compost adds organic matter that holds water and feeds soil microbes.",
          "Tractor tires at low pressure compact the soil less than narrow tires.",
          "Greenhouse vents open on sunny afternoons to keep tomatoes below heat stress.");

  /** The same facts in other words: no content word in common with their passage. */
  static final List<String> PARAPHRASES =
      List.of(
          "trickle lines feeding moisture gently underground for fruit plantations",
          "tiny insects draining juice from tender foliage and transmitting infections",
          "downpours leaching applied urea out of reach",
          "blowers stirring heated upper atmosphere during freezing nights for buds",
          "flushing salty ground with irrigation surplus plus ditches",
          "grain kernels should be dehydrated prior to silo keeping",
          "honeybees transferring pollen between nut tree blossoms during spring",
          "decomposed waste improving earth sponge capacity and nourishing bacteria",
          "inflating heavy machinery wheels less reduces ground squeezing",
          "glasshouse windows ventilated at midday protecting vegetable plants from overheating");

  @Test
  void aKbAskedInOtherWordsThanItsTextKeepsItsDenseLeg() {
    try (var store = LuceneChunkStore.open(null, EMBEDDER.dimension(), EMBEDDER.modelId())) {
      var chunks = new ArrayList<StoredChunk>();
      for (int i = 0; i < TOPICS.size(); i++) {
        chunks.add(index(store, "d" + i, "Note " + i + "\n" + TOPICS.get(i), "en"));
      }
      store.refresh();
      var pseudo = new ArrayList<PseudoQuery>();
      for (int i = 0; i < PARAPHRASES.size(); i++) {
        pseudo.add(new PseudoQuery(PARAPHRASES.get(i), "d" + i, "en"));
      }

      var c = calibration(1.0).calibrate("kb", pseudo, chunks, store, KB);

      assertThat(c.denseMrr()).isGreaterThan(c.lexicalMrr() + 0.3);
      assertThat(c.denseWeight()).isGreaterThanOrEqualTo(1.0);
      assertThat(c.fusedMrr()).isGreaterThanOrEqualTo(c.denseMrr() - FusionCalibration.TIE);
      assertThat(c.mrrByDenseWeight()).hasSize(FusionCalibration.DENSE_WEIGHTS.length);
      assertThat(c.queries()).isEqualTo(PARAPHRASES.size());
    }
  }

  /**
   * The bundled MiniLM finds even part numbers by their word pieces (dense MRR 0.55 over 40 of
   * them, asked verbatim), so a KB whose vectors carry none of its meaning, as a model reading a
   * language it was not trained on would give, is made here with random unit vectors.
   */
  @Test
  void aKbWhoseVectorsMissItsMeaningLosesItsDenseLeg() {
    try (var store = LuceneChunkStore.open(null, EMBEDDER.dimension(), EMBEDDER.modelId())) {
      var random = new java.util.Random(7);
      var chunks = new ArrayList<StoredChunk>();
      var pseudo = new ArrayList<PseudoQuery>();
      for (int i = 0; i < 40; i++) {
        String topic = TOPICS.get(i % TOPICS.size());
        var chunk =
            new StoredChunk(
                "r" + i + "#0",
                "Field note " + i + "\n" + topic + " Observed on plot " + (100 + i) + ".",
                "notes/r" + i,
                Scopes.GLOBAL_SENSOR,
                "kb",
                0,
                "r" + i,
                "en",
                unit(random),
                List.of());
        store.upsert(chunk);
        chunks.add(chunk);
        pseudo.add(new PseudoQuery(topic + " Observed on plot " + (100 + i), "r" + i, "en"));
      }
      store.refresh();

      var c = calibration(1.0).calibrate("kb", pseudo, chunks, store, KB);

      assertThat(c.denseMrr()).as(c.toString()).isLessThan(c.lexicalMrr() / 2);
      // dense is turned down until it no longer costs BM25 anything (the weight nearest the
      // configured 1.0 among those that tie with the best)
      assertThat(c.lexicalWeight()).isEqualTo(1.0);
      assertThat(c.denseWeight()).isLessThan(1.0);
      assertThat(c.fusedMrr()).isGreaterThanOrEqualTo(c.lexicalMrr() - FusionCalibration.TIE);
      assertThat(c.mrrByDenseWeight().get("1.00")).isLessThan(c.fusedMrr() - FusionCalibration.TIE);
      assertThat(c.reason()).contains("dense weight");
    }
  }

  @Test
  void aKbWhereBothLegsFindItsDocumentsKeepsTheConfiguredWeights() {
    try (var store = LuceneChunkStore.open(null, EMBEDDER.dimension(), EMBEDDER.modelId())) {
      var chunks = new ArrayList<StoredChunk>();
      for (int i = 0; i < TOPICS.size(); i++) {
        chunks.add(index(store, "d" + i, "Note " + i + "\n" + TOPICS.get(i), "en"));
      }
      store.refresh();

      var c = calibration(0.75).calibrate("kb", chunks, 20, store, KB);

      assertThat(c.denseMrr()).as(c.toString()).isGreaterThan(c.lexicalMrr() / 2);
      assertThat(c.denseWeight()).isEqualTo(0.75);
      assertThat(c.reason()).contains("both legs");
    }
  }

  static float[] unit(java.util.Random random) {
    float[] v = new float[EMBEDDER.dimension()];
    double norm = 0;
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
      norm += v[i] * v[i];
    }
    for (int i = 0; i < v.length; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }

  @Test
  void aKbTheEmbedderCannotReadIsLexicalAloneWithItsReason() {
    try (var store = LuceneChunkStore.open(null, EMBEDDER.dimension(), EMBEDDER.modelId())) {
      var chunks = new ArrayList<StoredChunk>();
      for (int i = 0; i < 30; i++) {
        chunks.add(
            index(
                store,
                "f" + i,
                "راهنمای "
                    + i
                    + "\nمزرعه شماره "
                    + i
                    + " در فصل بهار با آب چاه آبیاری می‌شود و"
                    + " خاک آن شنی است و کود دامی "
                    + (i * 3)
                    + " تن می‌گیرد.",
                "fa"));
      }
      store.refresh();

      var c = calibration(1.0).calibrate("kb", chunks, 20, store, KB);

      assertThat(c.denseWeight()).isZero();
      assertThat(c.lexicalWeight()).isEqualTo(1.0);
      assertThat(c.reason()).contains("reads none");
      assertThat(c.queries()).isPositive();
    }
  }

  @Test
  void aKbWithNothingToAskKeepsTheConfiguredWeights() {
    try (var store = LuceneChunkStore.open(null, EMBEDDER.dimension(), EMBEDDER.modelId())) {
      var chunks = List.of(index(store, "t", "Short.\nToo few words.", "en"));
      store.refresh();

      var c = calibration(0.75).calibrate("kb", chunks, 20, store, KB);

      assertThat(c.lexicalWeight()).isEqualTo(1.0);
      assertThat(c.denseWeight()).isEqualTo(0.75);
      assertThat(c.queries()).isZero();
    }
  }

  static FusionCalibration calibration(double configured) {
    return new FusionCalibration(EMBEDDER, 60, configured, Clock.systemUTC());
  }

  static StoredChunk index(LuceneChunkStore store, String doc, String text, String language) {
    return index(store, "kb", doc, text, language);
  }

  static StoredChunk index(
      LuceneChunkStore store, String kb, String doc, String text, String language) {
    var windows = EMBEDDER.reads(language) ? EMBEDDER.embedAll(List.of(text)) : List.<float[]>of();
    var chunk =
        new StoredChunk(
            doc + "#0",
            text,
            "manual/" + doc,
            Scopes.GLOBAL_SENSOR,
            kb,
            0,
            doc,
            language,
            windows.isEmpty() ? new float[0] : windows.get(0),
            List.of());
    store.upsert(chunk);
    return chunk;
  }
}
