package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} must do, compaction's part in {@link CompactionContract} and the
 * languages' in {@link LanguageContract}. Each adapter's test extends this class.
 */
abstract class ChunkStoreContract
    implements CompactionContract,
        EmbeddingContract,
        LanguageContract,
        TenantContract,
        WindowContract {

  static final String MINE = "550e8400-e29b-41d4-a716-446655440000";
  static final String OTHER = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  static final int DIM = 4;

  protected ChunkStore store;

  /** A new, empty store for vectors of {@link #DIM} dimensions. */
  protected abstract ChunkStore newStore();

  @BeforeEach
  void open() {
    store = newStore();
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  @Override
  public ChunkStore store() {
    return store;
  }

  @Test
  void aChunkIsFoundByItsWordsOnceRefreshed() {
    store.upsert(
        chunk(
            "a",
            "Drip irrigation saves water in hot weather",
            "__global__",
            "irrigation",
            1,
            0,
            0,
            0));
    store.refresh();

    assertThat(ids(lexical("drip irrigation", MINE, "irrigation"))).containsExactly("a");
  }

  @Test
  void aVectorOfTheWrongLengthIsRefused() {
    assertThatThrownBy(() -> store.upsert(chunk("x", "t", "__global__", "chat", 1, 0)))
        .hasMessageContaining("2 dimensions");
  }

  @Test
  void aChunkIsFoundByItsVector() {
    store.upsert(chunk("near", "alpha", "__global__", "chat", 1, 0, 0, 0));
    store.upsert(chunk("far", "beta", "__global__", "chat", 0, 0, 0, 1));
    store.refresh();

    var hits =
        store.search(
            new SearchQuery(
                "",
                new float[] {0.9f, 0.1f, 0, 0},
                TenantFilter.of(MINE, List.of("chat")),
                1,
                1,
                1,
                60));

    assertThat(ids(hits)).containsExactly("near");
    assertThat(hits.get(0).denseSimilarity()).isGreaterThan(0.9);
  }

  @Test
  void anUpsertReplacesAndADeleteRemoves() {
    store.upsert(chunk("a", "old text about wheat", "__global__", "chat", 1, 0, 0, 0));
    store.upsert(chunk("a", "new text about barley", "__global__", "chat", 1, 0, 0, 0));
    store.upsert(chunk("b", "barley again", "__global__", "chat", 1, 0, 0, 0));
    store.refresh();
    assertThat(ids(lexical("wheat", MINE, "chat"))).isEmpty();
    assertThat(store.size()).isEqualTo(2);

    store.delete("b");
    store.delete("never-there");
    store.refresh();

    assertThat(ids(lexical("barley", MINE, "chat"))).containsExactly("a");
  }

  @Test
  void theDenseLegIsSkippedWhenItsWeightIsZero() {
    store.upsert(chunk("only-dense", "unrelated words", "__global__", "chat", 1, 0, 0, 0));
    store.refresh();

    var hits =
        store.search(
            new SearchQuery(
                "wheat",
                new float[] {1, 0, 0, 0},
                TenantFilter.of(MINE, List.of("chat")),
                5,
                1,
                0,
                60));

    assertThat(hits).isEmpty();
  }

  @Test
  void aChunkWithoutVectorIsFoundByItsWordsButNeverByTheDenseLeg() {
    store.upsert(chunk("lexical-only", "رطوبت خاک 12.5 درصد", MINE, "__all__"));
    store.upsert(chunk("dense", "unrelated", "__global__", "chat", 1, 0, 0, 0));
    store.refresh();

    assertThat(ids(lexical("رطوبت", MINE, "chat"))).containsExactly("lexical-only");
    var denseOnly =
        store.search(
            new SearchQuery(
                "", new float[] {1, 0, 0, 0}, TenantFilter.of(MINE, List.of("chat")), 5, 0, 1, 60));
    assertThat(ids(denseOnly)).containsExactly("dense");
  }

  @Test
  void aChunkBothLegsFindRanksFirstWithBothRanksAndTheFusedScore() {
    store.upsert(chunk("both", "drip irrigation", "__global__", "chat", 1, 0, 0, 0));
    store.upsert(chunk("words", "irrigation tips", "__global__", "chat"));
    store.upsert(chunk("vector", "unrelated", "__global__", "chat", 0.9f, 0.1f, 0, 0));
    store.refresh();

    var hits =
        store.search(
            new SearchQuery(
                "drip irrigation",
                new float[] {1, 0, 0, 0},
                TenantFilter.of(MINE, List.of("chat")),
                10,
                1,
                1,
                60));

    assertThat(ids(hits)).containsExactlyInAnyOrder("both", "words", "vector");
    var best = hits.get(0);
    assertThat(best.chunk().pointId()).isEqualTo("both");
    assertThat(best.lexicalRank()).isEqualTo(1);
    assertThat(best.denseRank()).isEqualTo(1);
    assertThat(best.denseSimilarity()).isCloseTo(1.0, within(1e-5));
    assertThat(best.fusedScore()).isCloseTo(2.0 / 61, within(1e-6));
    assertThat(hits.get(1).fusedScore()).isCloseTo(1.0 / 62, within(1e-6));
  }

  @Test
  void theHeavierLegWinsWhenWeightsDiffer() {
    store.upsert(chunk("words", "saffron corm planting", "__global__", "chat"));
    store.upsert(chunk("vector", "unrelated", "__global__", "chat", 1, 0, 0, 0));
    store.refresh();
    var filter = TenantFilter.of(MINE, List.of("chat"));
    float[] question = {1, 0, 0, 0};

    var lexicalHeavy =
        store.search(new SearchQuery("saffron corm", question, filter, 5, 1, 0.5, 60));
    var denseHeavy = store.search(new SearchQuery("saffron corm", question, filter, 5, 0.5, 1, 60));

    assertThat(ids(lexicalHeavy)).containsExactly("words", "vector");
    assertThat(lexicalHeavy.get(0).fusedScore()).isCloseTo(1.0 / 61, within(1e-9));
    assertThat(lexicalHeavy.get(1).fusedScore()).isCloseTo(0.5 / 61, within(1e-9));
    assertThat(ids(denseHeavy)).containsExactly("vector", "words");
  }

  @Test
  void checkpointedOffsetsAreReadBack() {
    store.checkpoint(Map.of(0, 42L, 1, 7L));

    assertThat(store.appliedOffsets()).containsEntry(0, 42L).containsEntry(1, 7L);
  }

  @Test
  void theKnowledgeOfAKbIsItsGlobalChunksAndNoSensorsData() {
    store.upsert(chunk("g1", "drip lines every row", "__global__", "irrigation", 1, 0, 0, 0));
    store.upsert(chunk("g2", "water at dawn", "__global__", "irrigation", 0, 1, 0, 0));
    store.upsert(chunk("g3", "mulch keeps water", "__global__", "irrigation"));
    store.upsert(chunk("mine", "my field is dry", MINE, "irrigation", 1, 0, 0, 0));
    store.upsert(chunk("fert", "urea split doses", "__global__", "fertilization", 1, 0, 0, 0));
    store.refresh();

    var all = store.knowledgeOf("irrigation", 10);
    assertThat(ids(all.stream().map(c -> new Candidate(c, 0, 0, 0, 0)).toList()))
        .containsExactlyInAnyOrder("g1", "g2", "g3");
    assertThat(all).allSatisfy(c -> assertThat(c.text()).isNotBlank());
    assertThat(store.knowledgeOf("irrigation", 2)).hasSize(2);
    assertThat(store.knowledgeOf("no-such-kb", 10)).isEmpty();
  }

  @Test
  void notesAreKeptWithTheIndexAndSurviveLaterCheckpoints() {
    store.note("calibration.irrigation", "{\"dense\":0.5}");
    assertThat(store.notes()).containsEntry("calibration.irrigation", "{\"dense\":0.5}");

    store.checkpoint(Map.of(0, 3L));
    store.note("calibration.pests", "{\"dense\":0}");
    store.checkpoint(Map.of(0, 4L));

    assertThat(store.notes())
        .containsEntry("calibration.irrigation", "{\"dense\":0.5}")
        .containsEntry("calibration.pests", "{\"dense\":0}");
    assertThat(store.appliedOffsets()).containsEntry(0, 4L);
  }

  protected List<Candidate> lexical(String text, String sensor, String kb) {
    return store.search(
        new SearchQuery(text, null, TenantFilter.of(sensor, List.of(kb)), 10, 1, 0, 60));
  }

  protected List<Candidate> lexical(String text, String language, String sensor, String kb) {
    return store.search(
        new SearchQuery(text, null, TenantFilter.of(sensor, List.of(kb)), 10, 1, 0, 60, language));
  }

  protected SearchQuery dense(float[] question, WindowScore score) {
    return new SearchQuery(
        "",
        QuestionVector.of(question),
        TenantFilter.of(MINE, List.of("chat")),
        10,
        0,
        1,
        60,
        "en",
        score,
        FusionRule.RECIPROCAL_RANK);
  }

  static StoredChunk windowed(String id, String text, float[] first, float[]... more) {
    return new StoredChunk(
        id, text, "src/" + id, "__global__", "chat", 0, "doc-" + id, "en", first, List.of(more));
  }

  /**
   * My sensor's reading chunk, embedded as two windows: the first {0, 0, 1, 0}, the second {0, 1,
   * 0, 0}, which a search by the second finds.
   */
  static StoredChunk myReadings(String id, String text, int chunkIndex) {
    return new StoredChunk(
        id,
        text,
        "sensor/readings",
        MINE,
        "__all__",
        chunkIndex,
        "readings",
        "en",
        new float[] {0, 0, 1, 0},
        List.of(new float[] {0, 1, 0, 0}));
  }

  static List<String> ids(List<Candidate> hits) {
    return hits.stream().map(c -> c.chunk().pointId()).toList();
  }

  static StoredChunk chunk(String id, String text, String sensor, String kb, float... vector) {
    return new StoredChunk(id, text, "src/" + id, sensor, kb, 0, "doc-" + id, "en", vector);
  }

  static StoredChunk chunk(String id, String language, String text, String sensor, String kb) {
    return new StoredChunk(
        id, text, "src/" + id, sensor, kb, 0, "doc-" + id, language, new float[0]);
  }
}
