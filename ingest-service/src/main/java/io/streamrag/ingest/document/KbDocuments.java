package io.streamrag.ingest.document;

import io.streamrag.ingest.knowledge.DocumentOrigin;
import io.streamrag.ingest.knowledge.KnowledgeFolder;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The documents of every knowledge base as {@code kb.documents} holds them, and step 4 of an
 * upload: publishing it there, where the ingest pipeline chunks, embeds and indexes it as it does
 * the knowledge folder's documents. A deletion is a tombstone on the same topic: the pipeline
 * deletes the document's chunks, and a replay of the topic no longer has it.
 */
final class KbDocuments implements AutoCloseable {

  private final TopicView<KnowledgeDocumentPublished> documents;
  private final TopicWriter writer;
  private final Clock clock;

  KbDocuments(TopicReaders readers, TopicWriter writer, Clock clock, Duration timeout) {
    this.documents =
        TopicView.followVersioned(
                readers,
                KnowledgeTopics.KB_DOCUMENTS.name(),
                KnowledgeDocumentPublished.class,
                d -> d.getPublishedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.writer = writer;
    this.clock = clock;
  }

  /** A KB's documents, by title; a document marked deleted by the folder import is left out. */
  List<KnowledgeDocumentPublished> of(String kb) {
    return documents.values().stream()
        .filter(d -> d.getKbName().equals(kb) && !d.getDeleted())
        .sorted(Comparator.comparing(KnowledgeDocumentPublished::getSource))
        .toList();
  }

  Optional<KnowledgeDocumentPublished> find(String kb, String docId) {
    return documents.get(docId).filter(d -> d.getKbName().equals(kb) && !d.getDeleted());
  }

  /**
   * Publishes an upload as the KB's document {@code <kb>/<file name>} and waits for the broker. The
   * same name again replaces it (only its changed chunks are embedded again); the same content
   * again publishes nothing.
   *
   * @return the document, and whether it was published
   */
  Published publish(String kb, Upload upload, FileType type, Extracted extracted) {
    String source = kb + "/" + upload.fileName();
    String docId = Ids.of(kb, source);
    var existing = documents.get(docId).filter(d -> !d.getDeleted());
    if (existing.isPresent() && !DocumentOrigin.UPLOAD.equals(existing.get().getOrigin())) {
      throw new DocumentRefused(
          409,
          "folder_document",
          source + " comes from the knowledge folder; upload the file under another name");
    }
    String hash = Sha256.hex(extracted.title() + "\n" + extracted.text());
    if (existing.isPresent() && existing.get().getContentHash().equals(hash)) {
      return new Published(existing.get(), false);
    }
    var doc =
        KnowledgeDocumentPublished.newBuilder()
            .setDocId(docId)
            .setKbName(kb)
            .setSensorUuid(Scopes.GLOBAL_SENSOR)
            .setSource(source)
            .setTitle(extracted.title())
            .setLanguage(KnowledgeFolder.language(upload.fileName(), extracted.text()))
            .setText(extracted.text())
            .setContentHash(hash)
            .setPublishedAt(clock.instant())
            .setOrigin(DocumentOrigin.UPLOAD)
            .setFileName(upload.fileName())
            .setMediaType(type.mediaType())
            .setFileBytes(upload.bytes().length)
            .build();
    writer.send(KnowledgeTopics.KB_DOCUMENTS, docId, doc).join();
    documents.update(docId, doc);
    return new Published(doc, true);
  }

  /**
   * Publishes the document's tombstone and waits for the broker. A folder document is refused: the
   * next import would bring it back; it leaves with its file.
   */
  void delete(KnowledgeDocumentPublished doc) {
    if (!DocumentOrigin.UPLOAD.equals(doc.getOrigin())) {
      throw new DocumentRefused(
          409,
          "folder_document",
          doc.getSource() + " comes from the knowledge folder; remove its file from the folder");
    }
    writer.tombstone(KnowledgeTopics.KB_DOCUMENTS, doc.getDocId()).join();
    documents.update(doc.getDocId(), null);
  }

  /** An upload's document, and whether it was published or already there unchanged. */
  record Published(KnowledgeDocumentPublished document, boolean published) {}

  @Override
  public void close() {
    documents.close();
  }
}
