package io.streamrag.retrieval.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded chunk store: a Lucene index with a BM25 text field (analysed in the chunk's
 * language, {@link LexicalAnalysis}) and an HNSW vector field holding each chunk's embedding
 * windows as child documents ({@link DenseWindows}), searched with one tenant filter on both legs
 * and fused by weighted reciprocal rank. Changes become visible through near-real-time reopening;
 * applied offsets live in the commit.
 */
public final class LuceneChunkStore implements ChunkStore {

  static final String ID = "id";
  static final String TEXT = "text";
  static final String SOURCE = "source";
  static final String SENSOR = "sensor_uuid";
  static final String KB = "kb_name";
  static final String CHUNK = "chunk_index";
  static final String DOC = "doc_id";
  static final String LANG = "language";
  static final String VECTOR = "vector";

  /**
   * How documents are laid out; an index of another layout is emptied at start and rebuilt from
   * index.changes. 4: a chunk's document also indexes its adjacent Persian words joined ({@link
   * BilingualAnalyzer#JOINED}); 3: a sensor's chunks are parked (stored only, {@link ParkedChunks})
   * and searched from its own index; 2: a chunk is a block of its embedding windows (child
   * documents with vectors) and its own document (text and payload), sensors' chunks too; 1
   * (unrecorded): one document with one vector.
   */
  static final String LAYOUT = "layout";

  static final String CURRENT_LAYOUT = "4";

  private static final Logger log = LoggerFactory.getLogger(LuceneChunkStore.class);

  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final LexicalAnalysis analysis = new LexicalAnalysis();
  private final LuceneQueries queries = new LuceneQueries(analysis);
  private final DenseWindows dense = new DenseWindows();
  private final SensorIndexes sensors = new SensorIndexes(analysis);
  private final QuietMerge merge;

  /** Whether global knowledge changed since the last refresh (only the feed's thread writes). */
  private volatile boolean sharedChanged;

  private final int dimension;
  private final String model;
  private final Path temporary;

  /** Notes since opening; a small map, kept whole so a note never races a commit. */
  private final Map<String, String> pendingNotes = new java.util.concurrent.ConcurrentHashMap<>();

  private LuceneChunkStore(Path path, Path temporary, int dimension, String model)
      throws IOException {
    this.directory = FSDirectory.open(path);
    this.writer =
        new IndexWriter(directory, new IndexWriterConfig(analysis.of(null)).setRAMBufferSizeMB(64));
    this.searchers = new SearcherManager(writer, null);
    this.merge = new QuietMerge(writer, searchers);
    this.dimension = dimension;
    this.model = model;
    this.temporary = temporary;
    String refusal = IndexCommitData.otherModel(commitData(), path, model);
    if (refusal != null) {
      close();
      throw new IllegalStateException(refusal);
    }
    if (DirectoryReader.indexExists(directory)
        && !CURRENT_LAYOUT.equals(commitData().get(LAYOUT))) {
      log.warn(
          "the index at {} has the layout of an older version: emptied, it is rebuilt from"
              + " index.changes",
          path);
      writer.deleteAll();
      writer.setLiveCommitData(
          Map.of(IndexCommitData.MODEL, model, LAYOUT, CURRENT_LAYOUT).entrySet());
      writer.commit();
      searchers.maybeRefreshBlocking();
    }
    IndexSearcher opened = searchers.acquire();
    try {
      ParkedChunks.readAll(opened.getIndexReader(), sensors::put);
    } finally {
      searchers.release(opened);
    }
  }

  /**
   * Opens (or creates) the index.
   *
   * @param path the index directory; {@code null} for a temporary one, rebuilt from the topic at
   *     each start
   * @param dimension vector length
   * @param model the embedding model of every vector in the index
   */
  public static LuceneChunkStore open(Path path, int dimension, String model) {
    try {
      Path temporary = path == null ? Files.createTempDirectory("retrieval-index") : null;
      return new LuceneChunkStore(path == null ? temporary : path, temporary, dimension, model);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the index at " + path, e);
    }
  }

  @Override
  public void upsert(StoredChunk c) {
    ChunkBlocks.check(c, dimension);
    if (SensorIndexes.holds(c)) {
      // kept durable here, searched from the sensor's own index
      try {
        writer.updateDocument(new Term(ID, c.pointId()), ParkedChunks.of(c));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      sensors.put(c);
      return;
    }
    ChunkBlocks.write(writer, c, analysis);
    sharedChanged = true;
    merge.changed();
  }

  @Override
  public void delete(String pointId) {
    try {
      writer.deleteDocuments(new Term(ID, pointId));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!sensors.remove(pointId)) {
      sharedChanged = true;
      merge.changed();
    }
  }

  /**
   * Reopens the shared index if global knowledge changed; a sensor's chunks are searchable from
   * their change on (see {@link SensorIndexes}).
   */
  @Override
  public void refresh() {
    if (!sharedChanged) {
      return;
    }
    sharedChanged = false;
    try {
      searchers.maybeRefreshBlocking();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<Candidate> search(SearchQuery q) {
    IndexSearcher shared;
    try {
      shared = searchers.acquire();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (var view = sensors.view(shared, q.filter().sensors())) {
      return LuceneSearch.search(view.searcher(), q, queries, dense);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        searchers.release(shared);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Merges the segments holding global knowledge into one once it is quiet ({@link QuietMerge}),
   * and commits it with the last checkpoint's offsets, so a restart does not merge again; changes
   * since that checkpoint are applied again after a restart, which changes nothing (by id).
   */
  @Override
  public Optional<Compaction> compact(Duration quiet) {
    try {
      var done = merge.mergeIfQuiet(quiet);
      if (done.isPresent()) {
        synchronized (this) { // never beside a checkpoint's commit
          writer.commit();
        }
      }
      return done;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public long size() {
    try {
      IndexSearcher s = searchers.acquire();
      try {
        return s.count(DenseWindows.CHUNKS) + sensors.size();
      } finally {
        searchers.release(s);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Map<Integer, Long> appliedOffsets() {
    return IndexCommitData.offsets(commitData());
  }

  @Override
  public List<StoredChunk> knowledgeOf(String kb, int max) {
    try {
      IndexSearcher s = searchers.acquire();
      try {
        var out = new ArrayList<StoredChunk>();
        var stored = s.storedFields();
        for (ScoreDoc hit : s.search(LuceneQueries.knowledgeOf(kb), max).scoreDocs) {
          out.add(ChunkDocuments.chunk(stored.document(hit.doc)));
        }
        return out;
      } finally {
        searchers.release(s);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Map<String, String> notes() {
    var notes = IndexCommitData.notes(commitData());
    notes.putAll(pendingNotes);
    return notes;
  }

  @Override
  public void note(String key, String value) {
    pendingNotes.put(key, value);
  }

  @Override
  public synchronized void checkpoint(Map<Integer, Long> offsets) {
    var data = IndexCommitData.of(notes(), offsets, model, CURRENT_LAYOUT);
    writer.setLiveCommitData(data.entrySet());
    try {
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      if (merge.merging()) {
        // a merge of a large index runs for minutes: abandon it rather than wait. Nothing since
        // the last commit is lost for good: the feed goes on from the offsets committed with it.
        writer.rollback();
      }
      IOUtils.close(sensors, searchers, writer, directory, analysis);
      if (temporary != null) {
        IOUtils.rm(temporary);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Map<String, String> commitData() {
    return IndexCommitData.read(writer, directory);
  }
}
