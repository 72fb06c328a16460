package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.KB;
import static io.streamrag.retrieval.store.LuceneChunkStore.SENSOR;
import static io.streamrag.retrieval.store.LuceneChunkStore.TEXT;

import io.streamrag.kit.text.Words;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * The Lucene queries of {@link LuceneChunkStore}: the tenant filter (S1.6) and the lexical leg,
 * built from analysed terms only, never parsed query syntax, so a question cannot inject one.
 */
final class LuceneQueries {

  private static final int MAX_QUERY_TERMS = 64;

  /** Weight of the whole-word field beside the stemmed one, for Persian questions. */
  private static final float WORDS_WEIGHT = 0.4f;

  private final Analyzer analyzer;

  LuceneQueries(Analyzer analyzer) {
    this.analyzer = analyzer;
  }

  static Query filter(TenantFilter f) {
    return new BooleanQuery.Builder()
        .add(
            new TermInSetQuery(SENSOR, f.sensors().stream().map(BytesRef::new).toList()),
            BooleanClause.Occur.FILTER)
        .add(
            new TermInSetQuery(KB, f.kbs().stream().map(BytesRef::new).toList()),
            BooleanClause.Occur.FILTER)
        .build();
  }

  /**
   * The question's analysed terms as an OR query; no query syntax, so no injection. A Persian
   * question also matches whole word forms, at a lower weight (see {@link
   * BilingualAnalyzer#WORDS}).
   */
  Query lexical(String text) {
    Query stems = terms(TEXT, text, MAX_QUERY_TERMS);
    if (stems == null || !Words.isArabicScript(text)) {
      return stems;
    }
    Query words = terms(BilingualAnalyzer.WORDS, text, MAX_QUERY_TERMS);
    return words == null
        ? stems
        : new BooleanQuery.Builder()
            .add(stems, BooleanClause.Occur.SHOULD)
            .add(new BoostQuery(words, WORDS_WEIGHT), BooleanClause.Occur.SHOULD)
            .build();
  }

  private Query terms(String field, String text, int max) {
    var terms = new LinkedHashSet<String>();
    try (var stream = analyzer.tokenStream(field, text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken() && terms.size() < max) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (terms.isEmpty()) {
      return null;
    }
    var query = new BooleanQuery.Builder();
    terms.forEach(t -> query.add(new TermQuery(new Term(field, t)), BooleanClause.Occur.SHOULD));
    return query.build();
  }
}
