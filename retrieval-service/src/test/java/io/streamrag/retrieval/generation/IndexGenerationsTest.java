package io.streamrag.retrieval.generation;

import static io.streamrag.retrieval.generation.GenerationFixture.CLS;
import static io.streamrag.retrieval.generation.GenerationFixture.PRIMARY;
import static io.streamrag.retrieval.generation.GenerationFixture.chunk;
import static io.streamrag.retrieval.generation.GenerationFixture.corpus;
import static io.streamrag.retrieval.generation.GenerationFixture.open;
import static io.streamrag.retrieval.generation.GenerationFixture.publish;
import static io.streamrag.retrieval.generation.GenerationFixture.queries;
import static io.streamrag.retrieval.generation.GenerationFixture.top10;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.retrieval.generation.Generation.Kind;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.KnowledgeTopics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Index generations against a real broker and real models: a rebuild replays index.changes into a
 * new generation and switches once it has caught up; replaying again gives the same index; a
 * re-embedding moves the index to another model while the old generation serves.
 */
class IndexGenerationsTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void aRebuiltIndexAnswersTheSameTop10ForAHundredQueriesAndSoDoesASecondRebuild(@TempDir Path root)
      throws Exception {
    String kb = "rebuild";
    try (var kafka = LocalKafka.startWithCatalogue()) {
      rebuildTwice(kafka, root, kb);
    }
  }

  private static void rebuildTwice(LocalKafka kafka, Path root, String kb) throws Exception {
    var history = new ArrayList<>(corpus(kb, 400, PRIMARY));
    // the topic's history has updates and deletes, not only first versions
    for (int i = 0; i < 40; i += 2) {
      history.add(chunk(kb, kb + "-" + i, "drought tolerant wheat variety " + i, PRIMARY));
    }
    publish(kafka, history);
    for (int i = 1; i < 40; i += 4) {
      kafka.publishRaw(KnowledgeTopics.INDEX_CHANGES.name(), kb + "-" + i, null);
    }
    var scheduler = GenerationFixture.scheduler();
    var generations = open(kafka, root, null, scheduler);
    try {
      assertThat(generations.feed().awaitCaughtUp(WAIT)).isTrue();
      long chunks = generations.searchStore().size();
      assertThat(chunks).isEqualTo(400 - 10);
      var queries = queries(100);
      var before = queries.stream().map(q -> top10(generations, kb, q)).toList();
      assertThat(before).allSatisfy(top -> assertThat(top).hasSize(10));

      for (int rebuild = 2; rebuild <= 3; rebuild++) {
        var started = generations.start(Kind.REBUILD);
        assertThat(started.building().generation()).isEqualTo(rebuild);
        // the old generation serves while the new one is built
        assertThat(generations.searchStore().size()).isEqualTo(chunks);
        int expected = rebuild;
        await().atMost(WAIT).until(() -> generations.status().current().generation() == expected);

        var status = generations.status();
        assertThat(status.building()).isNull();
        assertThat(status.current().kind()).isEqualTo("rebuild");
        assertThat(status.current().chunks()).isEqualTo(chunks);
        assertThat(status.current().progress()).isEqualTo(1.0);
        assertThat(queries.stream().map(q -> top10(generations, kb, q)).toList()).isEqualTo(before);
        assertThat(Files.readString(root.resolve("CURRENT")).strip()).isEqualTo("g" + rebuild);
      }
      // the retired generations' files are gone after the grace period
      await()
          .atMost(WAIT)
          .until(() -> !Files.exists(root.resolve("g1")) && !Files.exists(root.resolve("g2")));
      assertThat(generations.status().switches()).hasSize(2);
    } finally {
      generations.close();
    }
    // a restart opens the generation CURRENT names, from its checkpoint
    var reopened = open(kafka, root, null, scheduler);
    try {
      assertThat(reopened.status().current().generation()).isEqualTo(3);
      assertThat(reopened.feed().awaitCaughtUp(WAIT)).isTrue();
      assertThat(reopened.searchStore().size()).isEqualTo(400 - 10);
    } finally {
      reopened.close();
      scheduler.shutdown();
    }
  }

  @Test
  void reembeddingMovesTheIndexToTheNextModelWhileTheOldGenerationServes(@TempDir Path root)
      throws Exception {
    String kb = "reembed";
    try (var kafka = LocalKafka.startWithCatalogue()) {
      reembed(kafka, root, kb);
    }
  }

  private static void reembed(LocalKafka kafka, Path root, String kb) throws Exception {
    var chunks = corpus(kb, 120, PRIMARY);
    publish(kafka, chunks);
    var scheduler = GenerationFixture.scheduler();
    var generations = open(kafka, root, CLS, scheduler);
    try (var dead =
        new TopicProbe(
            kafka.bootstrapServers(),
            DeadLetterTopics.DLQ_RETRIEVAL_INDEX.name(),
            System.currentTimeMillis())) {
      assertThat(generations.feed().awaitCaughtUp(WAIT)).isTrue();
      assertThat(generations.queryEmbedder().modelId()).isEqualTo(PRIMARY.modelId());

      generations.start(Kind.REEMBED);
      assertThatThrownBy(() -> generations.start(Kind.REBUILD))
          .isInstanceOf(IndexGenerations.Refused.class)
          .hasMessageContaining("being built");
      await().atMost(WAIT).until(() -> generations.status().current().generation() == 2);

      var status = generations.status();
      assertThat(status.current().model()).isEqualTo(CLS.modelId());
      assertThat(status.current().kind()).isEqualTo("reembed");
      assertThat(generations.queryEmbedder().modelId()).isEqualTo(CLS.modelId());
      // every chunk is found by the dense leg alone with the new model's vector of its own text
      for (var c : chunks.subList(0, 20)) {
        String text = c.getPayload().getText();
        var found = denseOnly(generations, kb, text);
        assertThat(found).first().isEqualTo(c.getPointId());
      }
      // ingest still on the old model: its next change is embedded again, not dead-lettered
      kafka.publish(
          KnowledgeTopics.INDEX_CHANGES.name(),
          kb + "-new",
          chunk(kb, kb + "-new", "saffron corms planted in late summer", PRIMARY));
      await()
          .atMost(WAIT)
          .until(
              () ->
                  denseOnly(generations, kb, "saffron corms planted in late summer")
                      .get(0)
                      .equals(kb + "-new"));
      assertThat(dead.drain(Duration.ofSeconds(1))).isEmpty();
    } finally {
      generations.close();
    }
    // a restart finds the generation's model among the configured ones
    var reopened = open(kafka, root, CLS, scheduler);
    try {
      assertThat(reopened.status().current().model()).isEqualTo(CLS.modelId());
      assertThat(reopened.queryEmbedder().modelId()).isEqualTo(CLS.modelId());
      assertThat(reopened.feed().awaitCaughtUp(WAIT)).isTrue();
      // and it still embeds again what ingest makes with the old model
      kafka.publish(
          KnowledgeTopics.INDEX_CHANGES.name(),
          kb + "-later",
          chunk(kb, kb + "-later", "date palms tolerate saline irrigation water", PRIMARY));
      await()
          .atMost(WAIT)
          .until(
              () ->
                  denseOnly(reopened, kb, "date palms tolerate saline irrigation water")
                      .get(0)
                      .equals(kb + "-later"));
    } finally {
      reopened.close();
      scheduler.shutdown();
    }
  }

  @Test
  void aReembeddingWithoutAnotherModelIsRefusedWithItsReason(@TempDir Path root) {
    try (var kafka = LocalKafka.startWithCatalogue()) {
      refused(kafka, root);
    }
  }

  private static void refused(LocalKafka kafka, Path root) {
    var scheduler = GenerationFixture.scheduler();
    var generations = open(kafka, root, null, scheduler);
    try {
      assertThatThrownBy(() -> generations.start(Kind.REEMBED))
          .isInstanceOfSatisfying(
              IndexGenerations.Refused.class, e -> assertThat(e.code()).isEqualTo("no_other_model"))
          .hasMessageContaining("EMBEDDING_NEXT_PROVIDER");
      assertThat(generations.status().building()).isNull();
    } finally {
      generations.close();
      scheduler.shutdown();
    }
  }

  private static List<String> denseOnly(IndexGenerations generations, String kb, String text) {
    return io.streamrag.retrieval.store.Searches.globalIds(
        generations.searchStore(), generations.queryEmbedder(), kb, text, 5, 0.0);
  }
}
