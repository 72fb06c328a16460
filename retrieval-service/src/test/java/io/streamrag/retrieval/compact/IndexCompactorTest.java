package io.streamrag.retrieval.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.ForwardingChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

class IndexCompactorTest {

  @Test
  void aCompactionShowsOnHealthAndAFailedOneTurnsItDownUntilTheNextSucceeds() {
    var failing = new AtomicBoolean(false);
    try (var lucene = LuceneChunkStore.open(null, 4, "test/4");
        var store =
            new ForwardingChunkStore(lucene) {
              @Override
              public Optional<Compaction> compact(Duration quiet) {
                if (failing.get()) {
                  throw new IllegalStateException("No space left on device");
                }
                return super.compact(quiet);
              }
            }) {
      for (int i = 0; i < 2; i++) {
        store.upsert(
            new StoredChunk(
                "k" + i,
                "saffron " + i,
                "src",
                "__global__",
                "chat",
                0,
                "d" + i,
                "en",
                new float[] {1, i, 0, 0}));
        store.refresh();
      }
      var compactor = new IndexCompactor(store, Duration.ZERO, Clock.systemUTC());

      assertThat(compactor.check()).isPresent();
      var health = compactor.health();
      assertThat(health.getStatus()).isEqualTo(Status.UP);
      assertThat(health.getDetails())
          .containsEntry("lastSegmentsBefore", 2)
          .containsEntry("lastSegmentsAfter", 1);

      failing.set(true);
      assertThat(compactor.check()).isEmpty();
      assertThat(compactor.health().getStatus()).isEqualTo(Status.DOWN);
      assertThat(compactor.health().getDetails().get("failure").toString())
          .contains("No space left on device");

      failing.set(false);
      compactor.check();
      assertThat(compactor.health().getStatus()).isEqualTo(Status.UP);
    }
  }

  @Test
  void aStoreThatNeverCompactsStaysUpWithNothingToShow() {
    ChunkStore none = LuceneChunkStore.open(null, 4, "test/4");
    try (none) {
      var compactor = new IndexCompactor(none, Duration.ofMinutes(2), Clock.systemUTC());
      assertThat(compactor.check()).isEmpty();
      assertThat(compactor.health().getStatus()).isEqualTo(Status.UP);
      assertThat(compactor.health().getDetails()).containsOnlyKeys("quietFor");
    }
  }
}
