package io.streamrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.snapshot.SensorLocks;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IngestWarmUpTest {

  @Test
  void eachRoundEmbedsEverySectionAsIngestWouldWithoutAnyWriterOrManifest() {
    var model = OnnxEmbedder.bundledMiniLm(Runnable::run);
    var embedded = new ArrayList<String>();
    Embedder counting = counting(model, embedded);
    // no chunk indexer, writer or scheduler: a round that tried to send or index would fail
    var indexer =
        new SnapshotIndexer(
            new SnapshotText(),
            new Chunker(500, 50),
            null,
            null,
            new SensorLocks(),
            Duration.ZERO,
            null);
    var warmUp = new IngestWarmUp(new SnapshotFolder(new SnapshotText()), indexer, counting);

    for (int round = 0; round < 3; round++) {
      warmUp.round(round);
    }

    // Then every round embedded the English rendering of its readings, values and all, and the
    // first one the field's profile, forecast and station's days as well (later ones are cached)
    assertThat(embedded).hasSizeGreaterThanOrEqualTo(3);
    assertThat(embedded).allSatisfy(text -> assertThat(text).isNotBlank());
    assertThat(String.join("\n", embedded))
        .containsIgnoringCase("moisture")
        .containsIgnoringCase("soil texture")
        .containsIgnoringCase("forecast")
        .containsIgnoringCase("rain");
    assertThat(warmUp.name()).isEqualTo("reading");
  }

  private static Embedder counting(Embedder model, List<String> embedded) {
    return new Embedder() {
      public String modelId() {
        return model.modelId();
      }

      public int dimension() {
        return model.dimension();
      }

      public int maxTokens() {
        return model.maxTokens();
      }

      public Set<String> languages() {
        return model.languages();
      }

      public List<String> windows(String heading, String text) {
        return model.windows(heading, text);
      }

      public float[] embed(String text) {
        embedded.add(text);
        return model.embed(text);
      }

      public List<float[]> embedAll(List<String> texts) {
        embedded.addAll(texts);
        return model.embedAll(texts);
      }
    };
  }
}
