package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.KB;
import static io.streamrag.retrieval.store.LuceneChunkStore.SENSOR;
import static io.streamrag.retrieval.store.LuceneChunkStore.TEXT;

import java.util.LinkedHashSet;
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

  private final LexicalAnalysis analysis;

  LuceneQueries(LexicalAnalysis analysis) {
    this.analysis = analysis;
  }

  /** Global knowledge of one KB, in index order (every hit scores alike). */
  static Query knowledgeOf(String kb) {
    return new org.apache.lucene.search.ConstantScoreQuery(
        new BooleanQuery.Builder()
            .add(DenseWindows.CHUNKS, BooleanClause.Occur.FILTER) // not their windows
            .add(new TermQuery(new Term(KB, kb)), BooleanClause.Occur.FILTER)
            .add(
                new TermQuery(new Term(SENSOR, io.streamrag.schemas.Scopes.GLOBAL_SENSOR)),
                BooleanClause.Occur.FILTER)
            .build());
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
   * The question's analysed terms as an OR query; no query syntax, so no injection. The question's
   * language picks the analysis ({@link LexicalAnalysis}); a Persian or Arabic question also
   * matches whole word forms, at a lower weight (see {@link BilingualAnalyzer#WORDS}).
   */
  Query lexical(String text, String language) {
    Query stems = terms(TEXT, text, language);
    if (stems == null || !LexicalAnalysis.weighsWholeWords(language)) {
      return stems;
    }
    Query words = terms(BilingualAnalyzer.WORDS, text, language);
    return words == null
        ? stems
        : new BooleanQuery.Builder()
            .add(stems, BooleanClause.Occur.SHOULD)
            .add(new BoostQuery(words, WORDS_WEIGHT), BooleanClause.Occur.SHOULD)
            .build();
  }

  private Query terms(String field, String text, String language) {
    var terms = new LinkedHashSet<String>();
    for (String term : analysis.terms(language, field, text)) {
      if (terms.size() == MAX_QUERY_TERMS) {
        break;
      }
      terms.add(term);
    }
    if (terms.isEmpty()) {
      return null;
    }
    var query = new BooleanQuery.Builder();
    terms.forEach(t -> query.add(new TermQuery(new Term(field, t)), BooleanClause.Occur.SHOULD));
    return query.build();
  }
}
