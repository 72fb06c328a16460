package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.ID;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * A sensor's chunk as the shared index keeps it for durability only: stored fields and its id,
 * nothing a search can match (no text terms, no tenant terms, no vector). It is searched from its
 * sensor's own index ({@link SensorIndexes}); here it is committed with the feed's offsets, so a
 * restart reads every sensor's chunks back in the same state as the offsets it resumes from.
 * Writing it costs no analysis, no graph and no merge of postings, which is why a reading no longer
 * makes the shared index flush and merge.
 */
final class ParkedChunks {

  static final Query ALL = new TermQuery(new Term(DenseWindows.KIND, "parked"));

  // stored only, under names of their own: Lucene refuses one field name indexed in some documents
  // and stored only in others
  private static final String TEXT = "parked.text";
  private static final String SOURCE = "parked.source";
  private static final String SENSOR = "parked.sensor";
  private static final String KB = "parked.kb";
  private static final String CHUNK = "parked.chunk";
  private static final String DOC = "parked.doc";
  private static final String LANG = "parked.language";
  private static final String WINDOWS = "parked.windows";
  private static final ChunkDocuments.StoredNames NAMES =
      new ChunkDocuments.StoredNames(TEXT, SOURCE, SENSOR, KB, CHUNK, DOC, LANG);

  private ParkedChunks() {}

  static Document of(StoredChunk c) {
    var d = new Document();
    d.add(new StringField(DenseWindows.KIND, "parked", Field.Store.NO));
    d.add(new StringField(ID, c.pointId(), Field.Store.YES));
    d.add(new StoredField(TEXT, c.text()));
    d.add(new StoredField(SOURCE, c.source()));
    d.add(new StoredField(SENSOR, c.sensorUuid()));
    d.add(new StoredField(KB, c.kbName()));
    d.add(new StoredField(CHUNK, c.chunkIndex()));
    d.add(new StoredField(DOC, c.docId()));
    d.add(new StoredField(LANG, c.language()));
    d.add(new StoredField(WINDOWS, encode(c.windows())));
    return d;
  }

  /** Every parked chunk the reader holds, vectors included. */
  static void readAll(IndexReader reader, Consumer<StoredChunk> into) {
    try {
      var searcher = new IndexSearcher(reader);
      var stored = searcher.storedFields();
      int count = Math.max(1, searcher.count(ALL));
      for (ScoreDoc hit : searcher.search(ALL, count).scoreDocs) {
        Document d = stored.document(hit.doc);
        into.accept(NAMES.read(d, new float[0]).withVectors(decode(d.getBinaryValue(WINDOWS))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The windows as one array: their count, their length, then every float. */
  private static BytesRef encode(List<float[]> windows) {
    int dim = windows.isEmpty() ? 0 : windows.get(0).length;
    var buffer = ByteBuffer.allocate(8 + 4 * dim * windows.size()).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(windows.size()).putInt(dim);
    for (float[] w : windows) {
      for (float f : w) {
        buffer.putFloat(f);
      }
    }
    return new BytesRef(buffer.array());
  }

  private static List<float[]> decode(BytesRef bytes) {
    var buffer =
        ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length).order(ByteOrder.LITTLE_ENDIAN);
    int count = buffer.getInt();
    int dim = buffer.getInt();
    var windows = new ArrayList<float[]>(count);
    for (int i = 0; i < count; i++) {
      float[] w = new float[dim];
      for (int j = 0; j < dim; j++) {
        w[j] = buffer.getFloat();
      }
      windows.add(w);
    }
    return windows;
  }
}
