package io.streamrag.retrieval.store;

import io.streamrag.schemas.Scopes;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Every sensor's own chunks (its readings, profile and forecast rendered as text, S1.3), each
 * sensor's in a small in-memory Lucene index of its own, built when a search first needs it after a
 * change. A search of the shared index for a caller's sensors reads those indexes beside it as one
 * {@link MultiReader}, so its own chunks rank among global knowledge by the same BM25 and vector
 * scores, with term statistics of the shared index plus its own data.
 *
 * <p>Why not in the shared index: a sensor's chunks are replaced with every reading, and a search
 * may only ever see its caller's own (S1.6). In the shared index, 100 readings/s made it flush a
 * segment at every refresh and merge those segments again and again, rebuilding their vector graphs
 * (merges were half of retrieval's CPU, making changes searchable most of the rest, and a change
 * waited p50 110-560 ms to become searchable; README, issue 14). Here a change is a map update,
 * searchable at once. A side effect worth having: one tenant's data no longer weighs in another's
 * term statistics.
 *
 * <p>Memory: every sensor's chunks are held (text and vectors, about 1-2 KB plus 1.5 KB a window
 * with the bundled model), and the small index of a sensor searched since its last change.
 */
final class SensorIndexes implements Closeable {

  private final LexicalAnalysis analysis;
  private final Map<String, Sensor> sensors = new ConcurrentHashMap<>();
  private final Map<String, String> sensorOf = new ConcurrentHashMap<>(); // point id -> sensor
  private final AtomicInteger size = new AtomicInteger();

  SensorIndexes(LexicalAnalysis analysis) {
    this.analysis = analysis;
  }

  /** Whether this chunk is a sensor's own data rather than global knowledge. */
  static boolean holds(StoredChunk c) {
    return !Scopes.GLOBAL_SENSOR.equals(c.sensorUuid());
  }

  /** Adds or replaces a sensor's chunk: searchable by the next search. */
  void put(StoredChunk c) {
    String previous = sensorOf.put(c.pointId(), c.sensorUuid());
    if (previous != null && !previous.equals(c.sensorUuid())) {
      change(previous, c.pointId(), null);
    }
    change(c.sensorUuid(), c.pointId(), c);
  }

  /** Removes a sensor's chunk; false if no sensor holds this id. */
  boolean remove(String pointId) {
    String sensor = sensorOf.remove(pointId);
    if (sensor == null) {
      return false;
    }
    change(sensor, pointId, null);
    return true;
  }

  /** How many sensors' chunks are held. */
  int size() {
    return size.get();
  }

  /**
   * A searcher over the shared index and the own indexes of these sensors (global knowledge's
   * marker among them is ignored); the shared searcher itself when none holds any chunk. Close the
   * view once its results are read.
   */
  View view(IndexSearcher shared, Set<String> callerSensors) {
    var own = new ArrayList<DirectoryReader>();
    for (String sensor : callerSensors) {
      DirectoryReader reader = acquire(sensor);
      if (reader != null) {
        own.add(reader);
      }
    }
    if (own.isEmpty()) {
      return new View(shared, null, own);
    }
    var readers = new IndexReader[own.size() + 1];
    readers[0] = shared.getIndexReader();
    for (int i = 0; i < own.size(); i++) {
      readers[i + 1] = own.get(i);
    }
    try {
      var together = new MultiReader(readers, false);
      var searcher = new IndexSearcher(together);
      searcher.setQueryCache(null); // an own index lives until the sensor's next change
      return new View(searcher, together, own);
    } catch (IOException e) {
      own.forEach(View::release);
      throw new UncheckedIOException(e);
    }
  }

  /** A searcher over the shared index and some sensors' own indexes. */
  static final class View implements AutoCloseable {
    private final IndexSearcher searcher;
    private final MultiReader together;
    private final List<DirectoryReader> own;

    private View(IndexSearcher searcher, MultiReader together, List<DirectoryReader> own) {
      this.searcher = searcher;
      this.together = together;
      this.own = own;
    }

    IndexSearcher searcher() {
      return searcher;
    }

    @Override
    public void close() {
      try {
        if (together != null) {
          together.close();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        own.forEach(View::release);
      }
    }

    private static void release(DirectoryReader reader) {
      try {
        reader.decRef();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public void close() {
    sensors.values().forEach(Sensor::retire);
    sensors.clear();
    sensorOf.clear();
  }

  private void change(String sensor, String pointId, StoredChunk chunk) {
    var retired = new Sensor[1];
    sensors.compute(
        sensor,
        (key, old) -> {
          var chunks = new LinkedHashMap<String, StoredChunk>(old == null ? Map.of() : old.chunks);
          if (chunk == null) {
            if (chunks.remove(pointId) != null) {
              size.decrementAndGet();
            }
          } else if (chunks.put(pointId, chunk) == null) {
            size.incrementAndGet();
          }
          retired[0] = old;
          return chunks.isEmpty() ? null : new Sensor(Collections.unmodifiableMap(chunks));
        });
    if (retired[0] != null) {
      retired[0].retire();
    }
  }

  /** The sensor's own index with a reference taken, or null if it holds no chunk. */
  private DirectoryReader acquire(String sensor) {
    if (Scopes.GLOBAL_SENSOR.equals(sensor)) {
      return null;
    }
    while (true) {
      Sensor s = sensors.get(sensor);
      if (s == null) {
        return null;
      }
      DirectoryReader reader = s.acquire(analysis);
      if (reader != null) {
        return reader;
      }
      // replaced meanwhile: read the newer state
    }
  }

  /** One sensor's chunks, immutable, and the index built from them once a search asks. */
  private static final class Sensor {
    private final Map<String, StoredChunk> chunks;
    private DirectoryReader reader;
    private boolean retired;

    Sensor(Map<String, StoredChunk> chunks) {
      this.chunks = chunks;
    }

    synchronized DirectoryReader acquire(LexicalAnalysis analysis) {
      if (retired) {
        return null;
      }
      if (reader == null) {
        reader = build(analysis);
      }
      reader.incRef();
      return reader;
    }

    synchronized void retire() {
      retired = true;
      if (reader != null) {
        try {
          reader.decRef();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        reader = null;
      }
    }

    private DirectoryReader build(LexicalAnalysis analysis) {
      var directory = new ByteBuffersDirectory();
      var config =
          new IndexWriterConfig(analysis.of(null))
              .setMergePolicy(NoMergePolicy.INSTANCE)
              .setUseCompoundFile(false);
      try {
        try (var writer = new IndexWriter(directory, config)) {
          for (StoredChunk c : chunks.values()) {
            ChunkBlocks.write(writer, c, analysis);
          }
        } // committed on close
        return DirectoryReader.open(directory);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
