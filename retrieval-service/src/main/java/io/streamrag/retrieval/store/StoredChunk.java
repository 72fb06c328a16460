package io.streamrag.retrieval.store;

/** A chunk as the store keeps it: the S1.5 payload, its vector, and the model that made it. */
public record StoredChunk(
    String pointId,
    String text,
    String source,
    String sensorUuid,
    String kbName,
    int chunkIndex,
    String docId,
    String language,
    float[] vector) {

  /** The same chunk with another vector, e.g. its text embedded by another model. */
  public StoredChunk withVector(float[] other) {
    return new StoredChunk(
        pointId, text, source, sensorUuid, kbName, chunkIndex, docId, language, other);
  }
}
