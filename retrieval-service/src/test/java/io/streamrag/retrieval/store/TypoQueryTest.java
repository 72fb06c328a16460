package io.streamrag.retrieval.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * The typo fallback finds what Lucene's own one-edit {@link FuzzyQuery} finds, with the same
 * scores, on a real index of several segments: only where the edit automaton comes from differs.
 */
class TypoQueryTest {

  private static final List<String> WORDS =
      List.of(
          "کهکشان",
          "کهکشانی",
          "یونیسف",
          "یونسکو",
          "nitrogen",
          "nitrogens",
          "nitrate",
          "irrigation",
          "irrigate",
          "moisture",
          "moistures",
          "mixture",
          "salinity",
          "salinty",
          "سولفات",
          "سولفور",
          "رطوبت",
          "رطوبتی",
          "ربوبت",
          "خاک",
          "خاکی",
          "potassium",
          "potasium",
          "phosphorus");

  @Test
  void findsTheSameSpellingsWithTheSameScoresAsLucenesFuzzyQuery() throws Exception {
    try (var dir = new ByteBuffersDirectory()) {
      var random = new Random(7);
      try (var writer = new IndexWriter(dir, new IndexWriterConfig(new WhitespaceAnalyzer()))) {
        for (int d = 0; d < 300; d++) {
          var text = new StringBuilder();
          for (int w = 0; w < 1 + random.nextInt(6); w++) {
            text.append(WORDS.get(random.nextInt(WORDS.size()))).append(' ');
          }
          var doc = new Document();
          doc.add(new TextField("text", text.toString(), Field.Store.NO));
          writer.addDocument(doc);
          if (d % 100 == 99) {
            writer.commit(); // several segments, as a live index has
          }
        }
      }
      try (var reader = DirectoryReader.open(dir)) {
        assertThat(reader.leaves()).hasSizeGreaterThan(1);
        var searcher = new IndexSearcher(reader);
        for (String typed :
            List.of(
                "کهشکان",
                "یونسیف",
                "nitrogem",
                "irigation",
                "moistrue",
                "salinitty",
                "رطوبتت",
                "potassim",
                "خاک",
                "phosphorus",
                "zzzz")) {
          var term = new Term("text", typed);
          assertThat(hits(searcher, new TypoQuery(term, 16)))
              .as(typed)
              .isEqualTo(hits(searcher, new FuzzyQuery(term, 1, 1, 16, true)));
        }
        assertThat(hits(searcher, new TypoQuery(new Term("text", "irigation"), 16)))
            .as("a typo finds the word it stands for")
            .isNotEmpty();
      }
    }
  }

  private static List<String> hits(IndexSearcher searcher, Query query) throws Exception {
    ScoreDoc[] docs = searcher.search(query, 400).scoreDocs;
    return Arrays.stream(docs).map(d -> d.doc + ":" + d.score).toList();
  }
}
