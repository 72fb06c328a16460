package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.LuceneChunkStore.KB;
import static io.streamrag.retrieval.store.LuceneChunkStore.SENSOR;
import static io.streamrag.retrieval.store.LuceneChunkStore.TEXT;

import java.io.IOException;
import java.util.LinkedHashSet;
import org.apache.lucene.index.IndexReader;
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

  /** Letters from which a term no chunk holds is searched within one edit. */
  private static final int ONE_EDIT_FROM = 4;

  /** Indexed spellings one unknown term may stand for, the closest kept. */
  private static final int MAX_SPELLINGS = 16;

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
   * language picks the analysis ({@link LexicalAnalysis#questionTerms}); a Persian or Arabic
   * question also matches whole word forms, at a lower weight (see {@link
   * BilingualAnalyzer#WORDS}), and a Persian one its words joined or split as the chunk writes
   * them, at the same weight ({@link BilingualAnalyzer#JOINED}). A term no chunk in {@code reader}
   * holds is searched by its nearest spellings ({@link #term}).
   */
  Query lexical(String text, String language, IndexReader reader) throws IOException {
    if (!LexicalAnalysis.weighsWholeWords(language)) {
      return terms(TEXT, TEXT, text, language, reader);
    }
    // Arabic script: stems cut to four letters are too short to widen; whole words are not
    Query stems = terms(TEXT, TEXT, text, language, null);
    if (stems == null) {
      return null;
    }
    var query = new BooleanQuery.Builder().add(stems, BooleanClause.Occur.SHOULD);
    Query words = terms(BilingualAnalyzer.WORDS, BilingualAnalyzer.WORDS, text, language, reader);
    if (words != null) {
      query.add(new BoostQuery(words, WORDS_WEIGHT), BooleanClause.Occur.SHOULD);
    }
    Query joined = LexicalAnalysis.joinsSplitWords(language) ? joined(text, language) : null;
    if (joined != null) {
      query.add(new BoostQuery(joined, WORDS_WEIGHT), BooleanClause.Occur.SHOULD);
    }
    return query.build();
  }

  /**
   * The question's adjacent words joined, among the chunks' whole words (بدن سازی finds بدنسازی),
   * and its whole words among the chunks' adjacent words joined (بدنسازی finds بدن سازی); never
   * widened to other spellings.
   */
  private Query joined(String text, String language) throws IOException {
    Query split = terms(BilingualAnalyzer.JOINED, BilingualAnalyzer.WORDS, text, language, null);
    Query glued = terms(BilingualAnalyzer.WORDS, BilingualAnalyzer.JOINED, text, language, null);
    if (split == null || glued == null) {
      return split == null ? glued : split;
    }
    return new BooleanQuery.Builder()
        .add(split, BooleanClause.Occur.SHOULD)
        .add(glued, BooleanClause.Occur.SHOULD)
        .build();
  }

  /** The question analysed as {@code analysed} reads it, its terms searched in {@code field}. */
  private Query terms(
      String analysed, String field, String text, String language, IndexReader reader)
      throws IOException {
    var terms = new LinkedHashSet<String>();
    for (String term : analysis.questionTerms(language, analysed, text)) {
      if (terms.size() == MAX_QUERY_TERMS) {
        break;
      }
      terms.add(term);
    }
    if (terms.isEmpty()) {
      return null;
    }
    var query = new BooleanQuery.Builder();
    for (String t : terms) {
      query.add(term(new Term(field, t), reader), BooleanClause.Occur.SHOULD);
    }
    return query.build();
  }

  /**
   * One term of the question: itself, or, when no chunk in the index holds it, the terms within one
   * edit of it (none under 4 letters), transpositions included and the first letter kept. A term
   * nothing holds adds nothing to a search, and it is most often a typo (کهشکان for کهکشان, یونسف
   * for یونیسف): its nearest spellings in the index are what the user meant. A term the index holds
   * is never widened, so a correctly spelt question searches as it did. Only whole words are
   * widened: for an Arabic-script question its {@link BilingualAnalyzer#WORDS} terms, not its stems
   * cut to four letters (Arabic مناسب would become the Persian stem مناس); for others the stemmed
   * field, whose stems are near whole words. A null reader widens nothing. Measured on the dev
   * halves (BM25 leg, with {@link PersianStopWords}): PersianQA hit@1 0.985 to 0.991, ParsiNLU
   * nDCG@10 0.7757 to 0.7763, SciFact 0.6838 to 0.6845. Document frequency is over the whole index,
   * as BM25's own statistics are. Not two edits: widening long words by two gave the same figures
   * on all three dev halves, and a two-edit automaton costs milliseconds to build (SciFact's BM25
   * leg: search p99 24.5 ms with two edits from 8 letters, 14.7 ms with one).
   */
  private static Query term(Term term, IndexReader reader) throws IOException {
    if (reader == null || term.text().length() < ONE_EDIT_FROM || reader.docFreq(term) > 0) {
      return new TermQuery(term);
    }
    return new TypoQuery(term, MAX_SPELLINGS); // FuzzyQuery's spellings, its automaton kept
  }
}
