package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.chat.RetrievalScope;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Candidates, passages kept and fusion weights are configurable per pipeline (S0.4). */
class PerPipelineSearchTest {

  final LiveState live =
      new LiveState(
          TopicReaders.outsideSpring(LocalKafka.shared().bootstrapServers(), Duration.ofSeconds(5)),
          Duration.ofSeconds(30));
  final LuceneChunkStore store = LuceneChunkStore.open(null, 384, "all-minilm-l6-v2-q/384");
  final RetrievalSteps pipeline =
      LocalSteps.over(
          store,
          live,
          Map.of(
              "reference", new RetrievalProperties.Search(5, 1, 60, 1.0, Map.of("default", 0.0))));

  @AfterEach
  void close() {
    store.close();
    live.close();
  }

  @Test
  void aPipelineWithItsOwnSettingsKeepsItsOwnNumberOfPassages() {
    for (int i = 0; i < 5; i++) {
      store.upsert(
          new StoredChunk(
              "p" + i,
              "drip irrigation note " + i,
              "kb/n" + i + ".en.md",
              "__global__",
              "__all__",
              0,
              "d" + i,
              "en",
              new float[0]));
    }
    store.refresh();

    assertThat(pipeline.retrieve(ask("croplogic"), "drip irrigation").getPassages()).hasSize(3);
    assertThat(pipeline.retrieve(ask("reference"), "drip irrigation").getPassages()).hasSize(1);
  }

  private static RetrievalScope ask(String pipeline) {
    return RetrievalScope.newBuilder()
        .setRequestId("r-" + System.nanoTime())
        .setUserId("u")
        .setSensorUuid("550e8400-e29b-41d4-a716-446655440000")
        .setPipeline(pipeline)
        .setLanguage("en")
        .build();
  }
}
