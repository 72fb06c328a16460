package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneChunkStoreTest extends ChunkStoreContract {

  @Override
  protected ChunkStore newStore() {
    return LuceneChunkStore.open(null, DIM, "test/4");
  }

  @Test
  void compactionMergesTheSegmentsOfKnowledgeIntoOneAndIgnoresParkedSensorChunks(
      @TempDir Path dir) {
    try (var s = LuceneChunkStore.open(dir, DIM, "test/4")) {
      for (int i = 0; i < 3; i++) {
        s.upsert(chunk("k" + i, "saffron harvest " + i, "__global__", "chat", 1, i, 0, 0));
        s.refresh(); // a segment each
      }

      var done = s.compact(Duration.ZERO);

      assertThat(done).isPresent();
      assertThat(done.get().partsBefore()).isEqualTo(3);
      assertThat(done.get().partsAfter()).isEqualTo(1);
      assertThat(s.compact(Duration.ZERO)).as("one segment: nothing to merge").isEmpty();
      for (int i = 0; i < 3; i++) { // sensors' chunks, flushed by the checkpoints
        s.upsert(chunk("reading" + i, "soil moisture " + i, MINE, "__all__", 0, 0, 1, 0));
        s.checkpoint(Map.of(0, (long) i));
      }
      assertThat(s.compact(Duration.ZERO)).as("parked chunks are not searched segments").isEmpty();
      assertThat(s.size()).isEqualTo(6);
    }
  }

  @Test
  void aCompactionIsCommittedWithTheLastCheckpointsOffsets(@TempDir Path dir) throws Exception {
    try (var s = LuceneChunkStore.open(dir, DIM, "test/4")) {
      for (int i = 0; i < 3; i++) {
        s.upsert(chunk("k" + i, "saffron harvest " + i, "__global__", "chat", 1, i, 0, 0));
        s.checkpoint(Map.of(0, (long) i + 1)); // a committed segment each
        s.refresh();
      }

      assertThat(s.compact(Duration.ZERO)).isPresent();

      // what a restart would open, read while the store still runs (no commit on close yet)
      try (var disk = org.apache.lucene.store.FSDirectory.open(dir)) {
        var commit = org.apache.lucene.index.SegmentInfos.readLatestCommit(disk);
        assertThat(commit.size()).as("segments of the last commit").isEqualTo(1);
        assertThat(commit.getUserData()).containsEntry("offset.0", "3");
      }
    }
  }

  @Test
  void anIndexSurvivesARestartWithItsOffsets(@TempDir Path dir) {
    try (var first = LuceneChunkStore.open(dir, DIM, "test/4")) {
      first.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
      first.checkpoint(Map.of(0, 1L));
    }

    try (var again = LuceneChunkStore.open(dir, DIM, "test/4")) {
      assertThat(again.size()).isEqualTo(1);
      assertThat(again.appliedOffsets()).containsEntry(0, 1L);
    }
  }

  @Test
  void aSensorsChunksSurviveARestartAsCheckpointedAndAreSearchedAsBefore(@TempDir Path dir) {
    try (var first = LuceneChunkStore.open(dir, DIM, "test/4")) {
      first.upsert(myReadings("mine", "soil moisture 18 percent", 2));
      first.upsert(chunk("global", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
      first.checkpoint(Map.of(0, 2L));
    }

    try (var again = LuceneChunkStore.open(dir, DIM, "test/4")) {
      assertThat(again.size()).isEqualTo(2);
      assertThat(again.appliedOffsets()).containsEntry(0, 2L);
      var hits =
          again.search(
              new SearchQuery(
                  "moisture",
                  new float[] {0, 1, 0, 0},
                  TenantFilter.of(MINE, java.util.List.of("chat")),
                  10,
                  1,
                  1,
                  60));
      assertThat(ids(hits)).first().isEqualTo("mine");
      var mine = hits.get(0);
      assertThat(mine.lexicalRank()).isEqualTo(1);
      assertThat(mine.denseSimilarity())
          .as("its second window, read back")
          .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-5));
      assertThat(mine.chunk().chunkIndex()).isEqualTo(2);
      assertThat(mine.chunk().source()).isEqualTo("sensor/readings");
      assertThat(ids(lexical("moisture", OTHER, "chat"))).isEmpty();
    }
  }

  @Test
  void anIndexInTheOldOneVectorLayoutIsEmptiedSoItIsRebuiltFromTheTopic(@TempDir Path dir)
      throws Exception {
    // Given an index written by the previous version: one document per chunk, no layout recorded
    try (var directory = FSDirectory.open(dir);
        var writer = new IndexWriter(directory, new IndexWriterConfig())) {
      var doc = new Document();
      doc.add(new StringField(LuceneChunkStore.ID, "old", Field.Store.YES));
      writer.addDocument(doc);
      writer.setLiveCommitData(Map.of("embedding_model", "test/4", "offset.0", "9").entrySet());
      writer.commit();
    }

    // When this version opens it
    try (var store = LuceneChunkStore.open(dir, DIM, "test/4")) {
      // Then it is empty and has applied nothing, so the feed replays index.changes from the start
      assertThat(store.size()).isZero();
      assertThat(store.appliedOffsets()).isEmpty();
    }
  }

  @Test
  void anIndexBuiltWithAnotherModelRefusesToOpenAndSaysHowToReEmbed(@TempDir Path dir) {
    try (var first = LuceneChunkStore.open(dir, DIM, "old-model/4")) {
      first.upsert(chunk("a", "saffron harvest", "__global__", "chat", 1, 0, 0, 0));
      first.checkpoint(Map.of(0, 1L));
    }

    assertThatThrownBy(() -> LuceneChunkStore.open(dir, DIM, "new-model/4"))
        .hasMessageContaining("holds vectors of old-model/4")
        .hasMessageContaining("embeds questions with new-model/4")
        .hasMessageContaining("re-embed with ingest-service")
        .hasMessageContaining("RETRIEVAL_INDEX_PATH")
        .hasMessageContaining("rebuilt from index.changes");

    try (var again = LuceneChunkStore.open(dir, DIM, "old-model/4")) {
      assertThat(again.size()).as("a refused start leaves the index as it was").isEqualTo(1);
    }
  }

  @Test
  void aMisspeltWordNoChunkHoldsFindsItsNearestSpellingAndAKnownWordIsNotWidened() {
    store.upsert(
        chunk("galaxy", "fa", "کهکشان‌ها سامانه‌هایی بزرگ از ستاره‌ها هستند", "__global__", "kb"));
    store.upsert(chunk("turkey", "fa", "ترکیه بخشی از آسیای کوچک است", "__global__", "kb"));
    store.upsert(chunk("milk", "fa", "شیر گاو برای گوساله", "__global__", "kb"));
    store.upsert(chunk("slope", "fa", "شیب زمین برای آبیاری", "__global__", "kb"));
    store.refresh();

    // کهشکان (two letters swapped) is in no chunk: its nearest spelling, کهکشان, is searched
    assertThat(lexical("کهشکان چیست", "fa", MINE, "kb"))
        .extracting(c -> c.chunk().docId())
        .containsExactly("doc-galaxy");
    // شیب is in a chunk: it is searched as written, not as its neighbour شیر
    assertThat(lexical("شیب", "fa", MINE, "kb"))
        .extracting(c -> c.chunk().docId())
        .containsExactly("doc-slope");
  }
}
