package io.streamrag.ingest.index;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.util.ArrayList;
import java.util.List;

/**
 * How a knowledge document becomes chunk drafts: its text is cut by the chunker (S1.4) and the
 * embedder reads each chunk with the document title in front. Shared by the ingest pipeline and the
 * retrieval benchmark, so the benchmark measures what ingest indexes.
 */
public final class DocumentDrafts {

  private DocumentDrafts() {}

  /** The drafts of a document, in order; none for a deleted one. */
  public static List<ChunkDraft> of(KnowledgeDocumentPublished doc, Chunker chunker) {
    var drafts = new ArrayList<ChunkDraft>();
    if (doc.getDeleted()) {
      return drafts;
    }
    for (String chunk : chunker.split(doc.getText())) {
      drafts.add(
          new ChunkDraft(
              chunk,
              doc.getTitle() + "\n" + chunk,
              doc.getSource(),
              doc.getSensorUuid(),
              doc.getKbName(),
              doc.getDocId(),
              doc.getLanguage()));
    }
    return drafts;
  }
}
