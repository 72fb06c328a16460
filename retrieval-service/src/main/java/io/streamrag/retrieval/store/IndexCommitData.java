package io.streamrag.retrieval.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;

/**
 * What {@link LuceneChunkStore} keeps in each Lucene commit beside the documents: the applied
 * offset of every index.changes partition, the notes (a KB's calibration, for instance), the
 * embedding model of the vectors and the documents' layout. Written with the commit, so the index
 * and what it has applied never disagree after a crash.
 */
final class IndexCommitData {

  static final String MODEL = "embedding_model";
  private static final String OFFSET = "offset.";
  private static final String NOTE = "note.";

  private IndexCommitData() {}

  /** The data of the writer's pending commit, or else of the last one on disk. */
  static Map<String, String> read(IndexWriter writer, Directory directory) {
    var data = new HashMap<String, String>();
    Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
    if (live != null) {
      live.forEach(e -> data.put(e.getKey(), e.getValue()));
    }
    if (data.isEmpty()) {
      try {
        if (DirectoryReader.indexExists(directory)) {
          try (var reader = DirectoryReader.open(directory)) {
            data.putAll(reader.getIndexCommit().getUserData());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return data;
  }

  /**
   * Why an index of vectors of another model cannot be opened for {@code model}, and what to do
   * about it; null when the index is empty or of that model.
   */
  static String otherModel(Map<String, String> data, Path path, String model) {
    String indexed = data.get(MODEL);
    if (indexed == null || indexed.equals(model)) {
      return null;
    }
    return String.format(
        "the index at %s holds vectors of %s but this service embeds questions with %s."
            + " Either configure %s again (embedding.*, the same in ingest-service), or"
            + " change models: re-embed with ingest-service running the new model, then"
            + " delete this directory or point retrieval.index-path (RETRIEVAL_INDEX_PATH) at"
            + " an empty one, and the index is rebuilt from index.changes (README: Changing"
            + " the embedding model)",
        path, indexed, model, indexed);
  }

  /** The applied offset of each partition. */
  static Map<Integer, Long> offsets(Map<String, String> data) {
    var offsets = new TreeMap<Integer, Long>();
    withPrefix(data, OFFSET).forEach((p, o) -> offsets.put(Integer.parseInt(p), Long.parseLong(o)));
    return offsets;
  }

  /** The notes, by key. */
  static Map<String, String> notes(Map<String, String> data) {
    return withPrefix(data, NOTE);
  }

  /** The entries whose key starts with {@code prefix}, keyed by the rest of it. */
  private static Map<String, String> withPrefix(Map<String, String> data, String prefix) {
    var entries = new TreeMap<String, String>();
    data.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            entries.put(k.substring(prefix.length()), v);
          }
        });
    return entries;
  }

  /** The data of a commit with these notes and offsets, for vectors of {@code model}. */
  static Map<String, String> of(
      Map<String, String> notes, Map<Integer, Long> offsets, String model, String layout) {
    var data = new HashMap<String, String>();
    notes.forEach((k, v) -> data.put(NOTE + k, v));
    offsets.forEach((p, o) -> data.put(OFFSET + p, String.valueOf(o)));
    data.put(MODEL, model);
    data.put(LuceneChunkStore.LAYOUT, layout);
    return data;
  }
}
