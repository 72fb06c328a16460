package io.streamrag.retrieval.store;

import java.util.ArrayList;
import java.util.List;

/**
 * A chunk as the store keeps it: the S1.5 payload, its vectors, and the model that made them.
 *
 * @param vector the first embedding window's vector (title and the chunk's beginning); empty for a
 *     chunk the embedder cannot read; {@code null} in a search result
 * @param moreWindows the vectors of the chunk's later windows, in order: a chunk longer than the
 *     embedder reads at once is covered by several windows
 */
public record StoredChunk(
    String pointId,
    String text,
    String source,
    String sensorUuid,
    String kbName,
    int chunkIndex,
    String docId,
    String language,
    float[] vector,
    List<float[]> moreWindows) {

  public StoredChunk {
    moreWindows = moreWindows == null ? List.of() : List.copyOf(moreWindows);
  }

  /** A chunk one window covers. */
  public StoredChunk(
      String pointId,
      String text,
      String source,
      String sensorUuid,
      String kbName,
      int chunkIndex,
      String docId,
      String language,
      float[] vector) {
    this(pointId, text, source, sensorUuid, kbName, chunkIndex, docId, language, vector, List.of());
  }

  /** The same chunk with other vectors, e.g. its text embedded by another model. */
  public StoredChunk withVectors(List<float[]> windows) {
    return new StoredChunk(
        pointId,
        text,
        source,
        sensorUuid,
        kbName,
        chunkIndex,
        docId,
        language,
        windows.isEmpty() ? new float[0] : windows.get(0),
        windows.size() < 2 ? List.of() : windows.subList(1, windows.size()));
  }

  /** Every window's vector, the first first; none for a chunk without vector. */
  public List<float[]> windows() {
    if (vector == null || vector.length == 0) {
      return List.of();
    }
    var all = new ArrayList<float[]>(1 + moreWindows.size());
    all.add(vector);
    all.addAll(moreWindows);
    return all;
  }
}
