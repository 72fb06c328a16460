package io.streamrag.ingest.document;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/** A document's index changes, as the document tests read them back from the broker. */
final class DocumentChanges {

  static final Duration WAIT = Duration.ofSeconds(30);

  private DocumentChanges() {}

  /**
   * The document's index changes of one kind, read until at least {@code atLeast} arrived and the
   * topic stayed quiet for a second.
   */
  static List<IndexChanged> of(String docId, IndexOp op, int atLeast) {
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      var found = new java.util.ArrayList<IndexChanged>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        var batch =
            index.drain(Duration.ofSeconds(1)).stream()
                .map(r -> (IndexChanged) r.value())
                .filter(c -> c.getOp() == op && ofDocument(c, docId))
                .toList();
        found.addAll(batch);
        if (found.size() >= atLeast && batch.isEmpty()) {
          return found;
        }
      }
      throw new AssertionError(
          "only " + found.size() + " " + op + " changes of " + docId + " within " + WAIT);
    }
  }

  /** An upsert carries its document; a delete only its point, the UUIDv5 of document and index. */
  private static boolean ofDocument(IndexChanged c, String docId) {
    if (c.getPayload() != null) {
      return docId.equals(c.getPayload().getDocId());
    }
    return IntStream.range(0, 200)
        .anyMatch(
            i -> io.streamrag.schemas.Ids.of(docId, String.valueOf(i)).equals(c.getPointId()));
  }
}
