package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.CHUNK;
import static io.streamrag.retrieval.store.LuceneChunkStore.DOC;
import static io.streamrag.retrieval.store.LuceneChunkStore.ID;
import static io.streamrag.retrieval.store.LuceneChunkStore.KB;
import static io.streamrag.retrieval.store.LuceneChunkStore.LANG;
import static io.streamrag.retrieval.store.LuceneChunkStore.SENSOR;
import static io.streamrag.retrieval.store.LuceneChunkStore.SOURCE;
import static io.streamrag.retrieval.store.LuceneChunkStore.TEXT;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;

/**
 * A chunk's own Lucene document (the parent of its {@link DenseWindows}), and the chunk read back
 * from it: the text analysed three times (stems in {@code text}, whole words in {@link
 * BilingualAnalyzer#WORDS}, adjacent Persian words joined in {@link BilingualAnalyzer#JOINED}) and
 * stored as written, the tenant fields indexed, the rest stored.
 */
final class ChunkDocuments {

  private ChunkDocuments() {}

  /**
   * The chunk's document, its text already analysed into {@code stems}, {@code words}, {@code
   * joined}.
   */
  static Document of(StoredChunk c, TokenStream stems, TokenStream words, TokenStream joined) {
    var doc = new Document();
    doc.add(new StringField(DenseWindows.KIND, "chunk", Field.Store.NO));
    doc.add(new StringField(ID, c.pointId(), Field.Store.YES));
    doc.add(new StoredField(TEXT, c.text()));
    doc.add(new TextField(TEXT, stems));
    doc.add(new TextField(BilingualAnalyzer.WORDS, words));
    doc.add(new TextField(BilingualAnalyzer.JOINED, joined));
    doc.add(new StoredField(SOURCE, c.source()));
    doc.add(new StringField(SENSOR, c.sensorUuid(), Field.Store.YES));
    doc.add(new StringField(KB, c.kbName(), Field.Store.YES));
    doc.add(new StoredField(CHUNK, c.chunkIndex()));
    doc.add(new StringField(DOC, c.docId(), Field.Store.YES));
    doc.add(new StringField(LANG, c.language(), Field.Store.YES));
    return doc;
  }

  /** The names a chunk's document stores its fields under. */
  static final StoredNames NAMES = new StoredNames(TEXT, SOURCE, SENSOR, KB, CHUNK, DOC, LANG);

  /** The chunk a document holds, without its vectors. */
  static StoredChunk chunk(Document d) {
    return NAMES.read(d, null);
  }

  /**
   * The names of a chunk's stored fields in one kind of document (its id is always {@link
   * LuceneChunkStore#ID}): a chunk's own document, or a parked one ({@link ParkedChunks}).
   */
  record StoredNames(
      String text, String source, String sensor, String kb, String chunk, String doc, String lang) {

    /** The chunk {@code d} stores under these names, {@code vector} its first window's vector. */
    StoredChunk read(Document d, float[] vector) {
      return new StoredChunk(
          d.get(ID),
          d.get(text),
          d.get(source),
          d.get(sensor),
          d.get(kb),
          d.getField(chunk).numericValue().intValue(),
          d.get(doc),
          d.get(lang),
          vector);
    }
  }
}
