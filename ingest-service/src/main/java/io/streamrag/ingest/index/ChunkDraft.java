package io.streamrag.ingest.index;

/**
 * A chunk about to be indexed.
 *
 * @param text what the index stores and answers quote
 * @param embedText what the embedder reads (the text, with its document title in front)
 * @param source shown in citations
 * @param sensorUuid the owning sensor, or {@code __global__}
 * @param kbName the knowledge base, or {@code __all__}
 * @param docId the document (or snapshot) it belongs to
 * @param language {@code fa} or {@code en}
 */
public record ChunkDraft(
    String text,
    String embedText,
    String source,
    String sensorUuid,
    String kbName,
    String docId,
    String language) {}
