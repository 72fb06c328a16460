package io.streamrag.retrieval.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.DelegatingStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.index.ChunkPayload;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
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
    var store = new FailingStore(LuceneChunkStore.open(null, 2, MODEL));
    try (var feed = feed(store)) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      long before = store.size();
      for (int i = 0; i < 20; i++) {
        KAFKA.publish(Topics.INDEX_CHANGES.name(), "a-" + i, change("a-" + i, MODEL));
      }
      await().atMost(Duration.ofSeconds(20)).until(() -> store.size() == before + 20);

      store.failFor(Duration.ofSeconds(5));
      long outageEnds = System.currentTimeMillis() + 5_000;
      for (int i = 0; i < 30; i++) {
        KAFKA.publish(Topics.INDEX_CHANGES.name(), "b-" + i, change("b-" + i, MODEL));
      }

      await().atMost(Duration.ofSeconds(30)).until(() -> store.size() == before + 50);
      assertThat(System.currentTimeMillis()).isGreaterThanOrEqualTo(outageEnds);
      assertThat(store.refused.get()).isPositive(); // the outage was felt, and retried through
      assertThat(feed.isFollowing()).isTrue();
    }
  }

  @Test
  void aChangeThatCanNeverBeAppliedIsDeadLetteredAndTheFeedGoesOn() throws Exception {
    var store = new FailingStore(LuceneChunkStore.open(null, 2, MODEL));
    try (var feed = feed(store);
        var dead =
            new TopicProbe(
                KAFKA.bootstrapServers(),
                Topics.DLQ_RETRIEVAL_INDEX.name(),
                System.currentTimeMillis())) {
      feed.start();
      assertThat(feed.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      long before = store.size();

      KAFKA.publishRaw(
          Topics.INDEX_CHANGES.name(), "garbage", "not avro".getBytes(StandardCharsets.UTF_8));
      KAFKA.publish(Topics.INDEX_CHANGES.name(), "other-model", change("other-model", "x/9"));
      KAFKA.publish(Topics.INDEX_CHANGES.name(), "after", change("after", MODEL));

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
          .containsEntry("kafka_dlt-original-topic", Topics.INDEX_CHANGES.name())
          .containsKey("kafka_dlt-exception-message");
      assertThat(otherModel.headers().get("kafka_dlt-exception-message")).contains("x/9");
    }
  }

  private static IndexFeed feed(ChunkStore store) {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5));
    return new IndexFeed(
        readers,
        store,
        MODEL,
        Duration.ofSeconds(1),
        new SyncTaskExecutor(),
        new SimpleMeterRegistry(),
        new FreshnessLog(100));
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

  /** A store that refuses every write until a moment passes, like Qdrant being restarted. */
  static final class FailingStore extends DelegatingStore {
    private final AtomicLong failUntil = new AtomicLong();
    final AtomicLong refused = new AtomicLong();

    FailingStore(ChunkStore store) {
      super(store);
    }

    void failFor(Duration outage) {
      failUntil.set(System.currentTimeMillis() + outage.toMillis());
    }

    private void check() {
      if (System.currentTimeMillis() < failUntil.get()) {
        refused.incrementAndGet();
        throw new IllegalStateException("store unavailable (test outage)");
      }
    }

    @Override
    public void upsert(StoredChunk chunk) {
      check();
      store.upsert(chunk);
    }

    @Override
    public void delete(String pointId) {
      check();
      store.delete(pointId);
    }
  }
}
