package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.GuardedChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.chat.RetrievalScope;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * S0.6: an index that is down or too slow gives a context flagged degraded, with its reason, and
 * service resumes by itself when the index is back. The outage is simulated around a real Lucene
 * store (a test double that makes searches fail or hang); nothing else is faked.
 */
class DegradationTest {

  enum Mode {
    UP,
    DOWN,
    STUCK
  }

  final LiveState live =
      new LiveState(
          TopicReaders.outsideSpring(LocalKafka.shared().bootstrapServers(), Duration.ofSeconds(5)),
          Duration.ofSeconds(30));
  final LuceneChunkStore lucene = LuceneChunkStore.open(null, 4, "test/4");
  final AtomicReference<Mode> mode = new AtomicReference<>(Mode.UP);
  final CountDownLatch released = new CountDownLatch(1);
  final GuardedChunkStore store =
      new GuardedChunkStore(withOutages(lucene), Duration.ofMillis(300), 2);
  final RetrievalSteps steps = LocalSteps.over(store, live, Map.of());

  @AfterEach
  void close() {
    released.countDown();
    store.close();
    live.close();
  }

  /** The pipeline's knowledge base, on the shared broker (not left there by another test). */
  @BeforeEach
  void irrigationKb() {
    LocalKafka.shared()
        .publish(
            KnowledgeTopics.KB_CONFIGS.name(),
            "irrigation",
            new KnowledgeBaseConfigured(
                "irrigation",
                "croplogic",
                "irrigation",
                "",
                List.of("en"),
                Instant.EPOCH,
                "irrigation",
                List.of("croplogic"),
                "",
                Map.of(),
                Map.of(),
                List.of(),
                ""));
    await().atMost(Duration.ofSeconds(20)).until(() -> !live.knowledgeBases("croplogic").isEmpty());
  }

  @Test
  void anIndexDownOrTooSlowDegradesTheContextAndServiceResumesByItself() {
    lucene.upsert(
        new StoredChunk(
            "p1",
            "Drip irrigation saves water",
            "kb/drip.en.md",
            "__global__",
            "irrigation",
            0,
            "d1",
            "en",
            new float[] {1, 0, 0, 0}));
    lucene.refresh();
    assertThat(steps.retrieve(ask(), "drip irrigation").getPassages()).isNotEmpty();

    mode.set(Mode.DOWN);
    var down = steps.retrieve(ask(), "drip irrigation");
    assertThat(down.getDegraded()).isTrue();
    assertThat(down.getDegradedReason()).contains("knowledge base unavailable").contains("refused");
    assertThat(down.getPassages()).isEmpty();

    mode.set(Mode.STUCK);
    var slow = steps.retrieve(ask(), "drip irrigation");
    assertThat(slow.getDegraded()).isTrue();
    assertThat(slow.getDegradedReason()).contains("did not answer within 300 ms");

    mode.set(Mode.UP);
    released.countDown();
    var back = steps.retrieve(ask(), "drip irrigation");
    assertThat(back.getDegraded()).isFalse();
    assertThat(back.getPassages()).extracting(p -> p.getSource()).containsExactly("kb/drip.en.md");
    assertThat(store.failuresInARow()).isZero();
  }

  private ChunkStore withOutages(ChunkStore real) {
    return (ChunkStore)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {ChunkStore.class},
            (proxy, method, args) -> {
              if (method.getName().equals("search")) {
                switch (mode.get()) {
                  case DOWN -> throw new IllegalStateException("connection refused");
                  case STUCK -> released.await();
                  default -> {}
                }
              }
              try {
                return method.invoke(real, args);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private static RetrievalScope ask() {
    return RetrievalScope.newBuilder()
        .setRequestId("r-" + System.nanoTime())
        .setUserId("u")
        .setSensorUuid("550e8400-e29b-41d4-a716-446655440000")
        .setPipeline("croplogic")
        .setLanguage("en")
        .build();
  }
}
