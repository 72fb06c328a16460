package io.streamrag.retrieval.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kafkalocal.cli.TopicsTool;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.Searches;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.ChunkPayload;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.core.task.SyncTaskExecutor;

/** The index follows its topic through store outages and poison records, losing nothing. */
class IndexFeedTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final String MODEL = "test/2";

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void theStoreFailingForFiveSecondsDelaysIndexingAndLosesNothing() throws Exception {
    var store = new FeedTestStores.FailingStore(LuceneChunkStore.open(null, 2, MODEL));
    try (var feed = feed(store)) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      long before = store.size();
      for (int i = 0; i < 20; i++) {
        KAFKA.publish(KnowledgeTopics.INDEX_CHANGES.name(), "a-" + i, change("a-" + i, MODEL));
      }
      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 20);

      store.failFor(Duration.ofSeconds(5));
      long outageEnds = System.currentTimeMillis() + 5_000;
      for (int i = 0; i < 30; i++) {
        KAFKA.publish(KnowledgeTopics.INDEX_CHANGES.name(), "b-" + i, change("b-" + i, MODEL));
      }

      await().atMost(Duration.ofSeconds(30)).until(() -> store.size() == before + 50);
      assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(outageEnds);
      assertThat(store.refused.get()).isPositive(); // the outage was felt, and retried through
      assertThat(feed.isFollowing()).isTrue();
    }
  }

  @Test
  void aBurstOfChangesIsMadeSearchableTogetherAtMostOneRefreshPer20Milliseconds() throws Exception {
    var store = new FeedTestStores.CountingStore(LuceneChunkStore.open(null, 2, MODEL));
    try (var feed = feed(store)) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      long before = store.size();
      store.refreshes.set(0);
      long start = System.nanoTime();

      for (int i = 0; i < 300; i++) {
        KAFKA.publish(
            KnowledgeTopics.INDEX_CHANGES.name(), "burst-" + i, change("burst-" + i, MODEL));
      }
      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 300);

      long elapsedMs = (System.nanoTime() - start) / 1_000_000;
      assertThat(store.refreshes.get())
          .isPositive()
          .isLessThanOrEqualTo(elapsedMs / IndexFeed.REFRESH_AT_MOST_EVERY.toMillis() + 1)
          .isLessThan(300);
    }
  }

  @Test
  void theFeedTellsWhichKnowledgeBasesGlobalKnowledgeChangedButNotASensorsData() throws Exception {
    var store = LuceneChunkStore.open(null, 2, MODEL);
    var knowledge = new KnowledgeChanges(Clock.systemUTC());
    try (var feed = feed(store, knowledge)) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      knowledge.pending().forEach(knowledge::take); // what the topic held before this test
      long before = store.size();

      var reading = change("reading-1", MODEL);
      reading.getPayload().setSensorUuid("sensor-1");
      reading.getPayload().setKbName("soil");
      KAFKA.publish(KnowledgeTopics.INDEX_CHANGES.name(), "reading-1", reading);
      var manual = change("manual-1", MODEL);
      manual.getPayload().setKbName("irrigation");
      KAFKA.publish(KnowledgeTopics.INDEX_CHANGES.name(), "manual-1", manual);
      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 2);
      assertThat(knowledge.kbs()).containsExactly("irrigation");

      KAFKA.publishRaw(KnowledgeTopics.INDEX_CHANGES.name(), "manual-1", null); // a tombstone
      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 1);
      assertThat(knowledge.kbs())
          .containsExactlyInAnyOrder("irrigation", KnowledgeChanges.SOMEWHERE);
    }
  }

  @Test
  void aChangeThatCanNeverBeAppliedIsDeadLetteredAndTheFeedGoesOn() throws Exception {
    var store = new FeedTestStores.FailingStore(LuceneChunkStore.open(null, 2, MODEL));
    try (var feed = feed(store);
        var dead =
            new TopicProbe(
                KAFKA.bootstrapServers(),
                DeadLetterTopics.DLQ_RETRIEVAL_INDEX.name(),
                System.currentTimeMillis())) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      long before = store.size();

      KAFKA.publishRaw(
          KnowledgeTopics.INDEX_CHANGES.name(),
          "garbage",
          "not avro".getBytes(StandardCharsets.UTF_8));
      KAFKA.publish(
          KnowledgeTopics.INDEX_CHANGES.name(), "other-model", change("other-model", "x/9"));
      KAFKA.publish(KnowledgeTopics.INDEX_CHANGES.name(), "after", change("after", MODEL));

      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 1);
      var letters = new java.util.HashMap<String, TopicProbe.Received>();
      dead.await(
          r -> {
            letters.put(r.key(), r);
            return letters.keySet().containsAll(List.of("garbage", "other-model"));
          },
          Duration.ofSeconds(10));
      var garbage = letters.get("garbage");
      var otherModel = letters.get("other-model");
      assertThat(garbage.headers())
          .containsEntry("kafka_dlt-original-topic", KnowledgeTopics.INDEX_CHANGES.name())
          .containsKey("kafka_dlt-exception-message");
      assertThat(otherModel.headers().get("kafka_dlt-exception-message")).contains("x/9");
    }
  }

  @Test
  void deadLettersReplayedTwiceAfterTheFixAreIndexedOnce() throws Exception {
    try (var kafka = LocalKafka.startWithCatalogue();
        var store = LuceneChunkStore.open(null, 384, "all-minilm-l6-v2-q/384");
        var dead =
            new TopicProbe(kafka.bootstrapServers(), DeadLetterTopics.DLQ_RETRIEVAL_INDEX.name())) {
      var embedder = OnnxEmbedder.bundledMiniLm(Runnable::run);
      var change = change("orphan", "old-model/2");
      change.getPayload().setText("pistachio orchards need deep irrigation in late summer");
      // 1. before the fix: a change embedded by another model is dead-lettered
      try (var feed = feed(kafka, store, null, new FreshnessLog(10))) {
        feed.start();
        kafka.publish(KnowledgeTopics.INDEX_CHANGES.name(), "orphan", change);
        dead.await(r -> "orphan".equals(r.key()), Duration.ofSeconds(20));
      }
      assertThat(store.size()).isZero();
      // 2. the fix: changes of another model are embedded again; the dead letters replayed twice
      var tool = new TopicsTool(kafka.bootstrapServers(), System.out);
      var applied = new FreshnessLog(10);
      try (var feed = feed(kafka, store, embedder, applied)) {
        feed.start();
        assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
        var results = new java.util.ArrayList<List<String>>();
        for (int replay = 0; replay < 2; replay++) {
          assertThat(tool.replay(DeadLetterTopics.DLQ_RETRIEVAL_INDEX, null)).isEqualTo(1);
          int times = replay + 1; // each replayed change applied, the second one as well
          await().atMost(Duration.ofSeconds(20)).until(() -> applied.since(0).size() == times);
          assertThat(store.size()).isEqualTo(1);
          results.add(search(store, embedder, "irrigation of pistachio orchards"));
        }
        assertThat(results.get(0)).containsExactly("orphan");
        assertThat(results.get(1)).isEqualTo(results.get(0));
      }
      assertThat(dead.drain(Duration.ofMillis(500))).isEmpty(); // nothing dead-lettered again
    }
  }

  private static List<String> search(ChunkStore store, OnnxEmbedder embedder, String query) {
    return Searches.globalIds(store, embedder, "kb", query, 10, 1.0);
  }

  private static IndexFeed feed(
      LocalKafka kafka, ChunkStore store, OnnxEmbedder reembedder, FreshnessLog applied) {
    var readers = TopicReaders.outsideSpring(kafka.bootstrapServers(), Duration.ofSeconds(5));
    return new IndexFeed(
        readers,
        "replay-test",
        store,
        "all-minilm-l6-v2-q/384",
        reembedder,
        Duration.ofSeconds(1),
        new SyncTaskExecutor(),
        new SimpleMeterRegistry(),
        applied,
        new KnowledgeChanges(Clock.systemUTC()));
  }

  private static IndexFeed feed(ChunkStore store) {
    return feed(store, new KnowledgeChanges(Clock.systemUTC()));
  }

  private static IndexFeed feed(ChunkStore store, KnowledgeChanges knowledge) {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5));
    return new IndexFeed(
        readers,
        "feed-test-" + System.nanoTime(),
        store,
        MODEL,
        null,
        Duration.ofSeconds(1),
        new SyncTaskExecutor(),
        new SimpleMeterRegistry(),
        new FreshnessLog(100),
        knowledge);
  }

  private static IndexChanged change(String id, String model) {
    return IndexChanged.newBuilder()
        .setPointId(id)
        .setOp(IndexOp.UPSERT)
        .setVector(List.of(1f, 0f))
        .setEmbeddingModel(model)
        .setPayload(new ChunkPayload("text " + id, "src/" + id, "__global__", "kb", 0, id, "en"))
        .setSourceReceivedAt(Instant.now())
        .setChangedAt(Instant.now())
        .build();
  }
}
