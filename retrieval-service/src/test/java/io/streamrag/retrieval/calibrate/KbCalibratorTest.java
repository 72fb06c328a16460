package io.streamrag.retrieval.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.auth.AdminToken;
import io.streamrag.kit.management.AdminAccess;
import io.streamrag.kit.text.Sha256;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.feed.KnowledgeChanges;
import io.streamrag.retrieval.search.FusionPolicy;
import io.streamrag.retrieval.search.KbFusion;
import io.streamrag.retrieval.store.ForwardingChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.Scopes;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Status;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * When a KB is calibrated (its knowledge changed, then settled; at most once per interval; a
 * deletion anywhere), that its weights survive a restart with the index, and how a failed pass
 * shows.
 */
class KbCalibratorTest {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final CalibrationProperties PROPERTIES =
      new CalibrationProperties(
          true, 20, 1000, 30, Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofSeconds(5));
  static final RetrievalProperties.Search SEARCH =
      new RetrievalProperties.Search(7, 3, 60, 1.0, Map.of("en", 1.0, "fa", 0.0, "default", 1.0));

  Instant now = Instant.parse("2026-12-01T10:00:00Z");

  @Test
  void aChangedKbIsCalibratedOnceItSettlesAndItsWeightsSurviveARestart(@TempDir Path dir) {
    var changes = new KnowledgeChanges(clock());
    try (var store = open(dir)) {
      seed(store, "orchard", 40);
      seed(store, "tiny", 3);
      var calibrations = new Calibrations(store, JSON);
      var calibrator = calibrator(store, changes, calibrations, List.of());
      changes.changed("orchard");
      changes.changed("tiny");

      assertThat(calibrator.pass()).isEmpty(); // still changing
      now = now.plusSeconds(11);
      assertThat(calibrator.pass()).containsExactlyInAnyOrder("orchard", "tiny");
      assertThat(changes.kbs()).isEmpty();

      var orchard = calibrations.calibration("orchard").orElseThrow();
      assertThat(orchard.queries()).isPositive();
      assertThat(orchard.chunks()).isEqualTo(40);
      assertThat(calibrations.of("orchard"))
          .isEqualTo(
              orchard.chosen()
                  ? Optional.of(
                      new KbFusion.Weights(orchard.lexicalWeight(), orchard.denseWeight()))
                  : Optional.empty());
      var tiny = calibrations.calibration("tiny").orElseThrow();
      assertThat(tiny.queries()).isZero();
      assertThat(tiny.reason()).contains("fewer than 30 chunks");
      assertThat(tiny.denseWeight()).isEqualTo(1.0);
      assertThat(tiny.chosen()).isFalse();
      assertThat(calibrations.of("tiny")).isEmpty(); // each question's own configured weight
      store.checkpoint(Map.of(0, 1L));
    }
    try (var reopened = open(dir)) {
      var restored = new Calibrations(reopened, JSON);
      assertThat(restored.all()).extracting(Calibration::kb).containsExactly("orchard", "tiny");
      assertThat(restored.calibration("orchard").orElseThrow().mrrByDenseWeight())
          .hasSize(FusionCalibration.DENSE_WEIGHTS.length);
    }
  }

  @Test
  void aKbMostlyInPersianStillSearchesItsEnglishQuestionsWithTheEnglishDenseWeight() {
    var changes = new KnowledgeChanges(clock());
    try (var store = open(null)) {
      // Given a KB of 20 Persian chunks (dense weight 0 configured for Persian) and 5 English ones
      for (int i = 0; i < 20; i++) {
        FusionCalibrationTest.index(
            store, "mixed", "fa-" + i, "راهنمای آبیاری باغ شماره " + i + " در فصل بهار", "fa");
      }
      for (int i = 0; i < 5; i++) {
        String topic = FusionCalibrationTest.TOPICS.get(i);
        FusionCalibrationTest.index(store, "mixed", "en-" + i, "Guide " + i + "\n" + topic, "en");
      }
      store.refresh();
      var calibrations = new Calibrations(store, JSON);
      var calibrator = calibrator(store, changes, calibrations, List.of());

      // When it is calibrated (too few chunks to ask: the configured weights)
      changes.changed("mixed");
      now = now.plusSeconds(11);
      assertThat(calibrator.pass()).containsExactly("mixed");

      // Then what it shows is the English weight, the one its English questions are searched with
      var mixed = calibrations.calibration("mixed").orElseThrow();
      assertThat(mixed.denseWeight()).isEqualTo(1.0);
      // and it imposes nothing: an English question keeps dense 1.0, a Persian one lexical alone
      assertThat(calibrations.of("mixed")).isEmpty();
      var policy = new FusionPolicy(SEARCH, FusionCalibrationTest.EMBEDDER, calibrations);
      var filter = new TenantFilter(Set.of(Scopes.GLOBAL_SENSOR), Set.of("mixed"));
      assertThat(policy.query("orchard irrigation", "en", filter, 7).denseWeight()).isEqualTo(1.0);
      assertThat(policy.query("آبیاری باغ", "fa", filter, 7).denseWeight()).isZero();
    }
  }

  @Test
  void aKbIsRecalibratedAtMostOncePerIntervalAndADeletionRenewsEveryCalibratedKb() {
    var changes = new KnowledgeChanges(clock());
    try (var store = open(null)) {
      seed(store, "orchard", 40);
      var calibrations = new Calibrations(store, JSON);
      // a KB the index holds no calibration for is calibrated at the first pass
      var calibrator = calibrator(store, changes, calibrations, List.of("orchard"));
      assertThat(calibrator.pass()).isEmpty();
      now = now.plusSeconds(10);
      assertThat(calibrator.pass()).containsExactly("orchard");
      Instant first = calibrations.calibration("orchard").orElseThrow().calibratedAt();

      now = now.plusSeconds(60);
      changes.changed("orchard");
      now = now.plusSeconds(10);
      assertThat(calibrator.pass()).isEmpty(); // within min-interval: waits
      assertThat(changes.kbs()).containsExactly("orchard");
      now = first.plus(PROPERTIES.minInterval());
      assertThat(calibrator.pass()).containsExactly("orchard");

      now = now.plus(PROPERTIES.minInterval());
      changes.changed(KnowledgeChanges.SOMEWHERE);
      now = now.plusSeconds(10);
      assertThat(calibrator.pass()).containsExactly("orchard");
      assertThat(changes.kbs()).isEmpty();
    }
  }

  @Test
  void aFailedPassShowsOnHealthAndTheNextOneRecovers() {
    var changes = new KnowledgeChanges(clock());
    try (var lucene = open(null)) {
      seed(lucene, "orchard", 40);
      var broken = new AtomicBoolean(true);
      var store =
          new ForwardingChunkStore(lucene) {
            @Override
            public List<StoredChunk> knowledgeOf(String kb, int max) {
              if (broken.get()) {
                throw new IllegalStateException("store unavailable");
              }
              return super.knowledgeOf(kb, max);
            }
          };
      var calibrations = new Calibrations(store, JSON);
      var calibrator = calibrator(store, changes, calibrations, List.of());
      changes.changed("orchard");
      now = now.plusSeconds(10);

      assertThat(calibrator.pass()).isEmpty();
      assertThat(calibrator.health().getStatus()).isEqualTo(Status.DOWN);
      assertThat(calibrator.health().getDetails().get("lastFailure").toString())
          .contains("store unavailable");
      assertThat(changes.kbs()).containsExactly("orchard"); // nothing lost: tried again

      broken.set(false);
      assertThat(calibrator.pass()).containsExactly("orchard");
      assertThat(calibrator.health().getStatus()).isEqualTo(Status.UP);
    }
  }

  @Test
  void theAdminEndpointShowsEachKbsWeightsAndFiguresToTheAdminOnly() {
    var changes = new KnowledgeChanges(clock());
    try (var store = open(null)) {
      seed(store, "orchard", 40);
      var calibrations = new Calibrations(store, JSON);
      calibrations.put(calibrator(store, changes, calibrations, List.of()).calibrate("orchard"));
      changes.changed("new-kb");
      var web =
          WebTestClient.bindToController(
                  new CalibrationWiring.CalibrationAdminController(
                      calibrations, changes, PROPERTIES))
              .webFilter(AdminAccess.adminApi(new AdminToken(Sha256.hex("s3cret"))))
              .build();

      web.get().uri("/admin/index/calibration").exchange().expectStatus().isUnauthorized();
      web.get()
          .uri("/admin/index/calibration")
          .header("Authorization", "Bearer s3cret")
          .exchange()
          .expectStatus()
          .isOk()
          .expectBody()
          .jsonPath("$.enabled")
          .isEqualTo(true)
          .jsonPath("$.calibrations[0].kb")
          .isEqualTo("orchard")
          .jsonPath("$.calibrations[0].lexicalMrr")
          .isNumber()
          .jsonPath("$.calibrations[0].mrrByDenseWeight['1.00']")
          .isNumber()
          .jsonPath("$.pending[0]")
          .isEqualTo("new-kb");
    }
  }

  KbCalibrator calibrator(
      io.streamrag.retrieval.store.ChunkStore store,
      KnowledgeChanges changes,
      Calibrations calibrations,
      List<String> known) {
    return new KbCalibrator(
        store,
        FusionCalibrationTest.EMBEDDER,
        changes,
        calibrations,
        PROPERTIES,
        SEARCH,
        () -> known,
        clock());
  }

  /** A clock that reads {@link #now} each time. */
  Clock clock() {
    return new Clock() {
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      public Instant instant() {
        return now;
      }
    };
  }

  static LuceneChunkStore open(Path dir) {
    var e = FusionCalibrationTest.EMBEDDER;
    return LuceneChunkStore.open(dir, e.dimension(), e.modelId());
  }

  /** {@code n} global chunks of {@code kb}, each a topic sentence and a numbered detail. */
  static void seed(LuceneChunkStore store, String kb, int n) {
    for (int i = 0; i < n; i++) {
      String topic = FusionCalibrationTest.TOPICS.get(i % FusionCalibrationTest.TOPICS.size());
      String text =
          "Guide "
              + kb
              + " "
              + i
              + "\n"
              + topic
              + " Block "
              + i
              + " of the "
              + kb
              + " farm follows this advice in season "
              + (i % 4)
              + ".";
      FusionCalibrationTest.index(store, kb, kb + "-" + i, text, "en");
    }
    store.refresh();
  }
}
