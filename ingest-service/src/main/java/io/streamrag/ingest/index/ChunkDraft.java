package io.streamrag.ingest.index;

/**
 * A chunk about to be indexed.
 *
 * @param text what the index stores and answers quote (a document's chunk with its title in front)
 * @param embedHeading what heads every window the embedder reads (the document title; blank for
 *     none)
 * @param embedText what the embedder reads, cut into windows it can read whole ({@link
 *     io.streamrag.kit.embedding.Embedder#windows})
 * @param source shown in citations
 * @param sensorUuid the owning sensor, or {@code __global__}
 * @param kbName the knowledge base, or {@code __all__}
 * @param docId the document (or snapshot) it belongs to
 * @param language {@code fa} or {@code en}
 */
public record ChunkDraft(
    String text,
    String embedHeading,
    String embedText,
    String source,
    String sensorUuid,
    String kbName,
    String docId,
    String language) {}
