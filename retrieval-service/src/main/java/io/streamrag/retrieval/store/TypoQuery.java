package io.streamrag.retrieval.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import org.apache.lucene.index.FilteredTermsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BoostAttribute;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.AttributeSource;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.UnicodeUtil;
import org.apache.lucene.util.automaton.CompiledAutomaton;

/**
 * The terms of the index within one edit of a term (transpositions count as one, the first letter
 * kept), scored as Lucene's {@link FuzzyQuery} scores them: each spelling boosted by {@code 1 - 1 /
 * min(its length, the term's length)}, the {@code max} closest kept, their document frequencies
 * blended. What differs is that the edit automaton of a term is built once and kept ({@link
 * #AUTOMATA}): {@link FuzzyQuery} builds it again for every search, and that was a fifth of
 * retrieval's CPU per chat (JFR), the same words missing from the index in question after question.
 * With one edit, FuzzyQuery never narrows its automaton while collecting (it could only narrow to
 * exact matches), so the spellings kept and their scores are the same.
 */
final class TypoQuery extends MultiTermQuery {

  /** Edit automata by term text: a few kilobytes each, at most about 32 MB in all. */
  private static final Cache<String, CompiledAutomaton> AUTOMATA =
      Caffeine.newBuilder()
          .maximumWeight(32L << 20)
          .<String, CompiledAutomaton>weigher(
              (text, automaton) -> (int) Math.min(Integer.MAX_VALUE, automaton.ramBytesUsed()))
          .executor(Runnable::run) // upkeep on the calling thread: no pool of its own
          .build();

  private final Term term;
  private final int length;
  private final CompiledAutomaton automaton;

  /**
   * @param max the spellings kept, the closest first
   */
  TypoQuery(Term term, int max) {
    super(term.field(), new TopTermsBlendedFreqScoringRewrite(max));
    this.term = term;
    this.length = term.text().codePointCount(0, term.text().length());
    this.automaton =
        AUTOMATA.get(term.text(), text -> FuzzyQuery.getFuzzyAutomaton(text, 1, 1, true));
  }

  @Override
  protected TermsEnum getTermsEnum(Terms terms, AttributeSource atts) throws IOException {
    var boost = atts.addAttribute(BoostAttribute.class);
    BytesRef exact = term.bytes();
    return new FilteredTermsEnum(automaton.getTermsEnum(terms), false) {
      @Override
      protected AcceptStatus accept(BytesRef spelling) {
        boost.setBoost(
            spelling.bytesEquals(exact)
                ? 1f
                : 1f - 1f / Math.min(UnicodeUtil.codePointCount(spelling), length));
        return AcceptStatus.YES;
      }

      @Override
      public AttributeSource attributes() {
        return atts;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.visitLeaf(this);
    }
  }

  @Override
  public String toString(String field) {
    return (this.field.equals(field) ? "" : this.field + ":") + term.text() + "~1";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other) && term.equals(((TypoQuery) other).term);
  }

  @Override
  public int hashCode() {
    return 31 * classHash() + term.hashCode();
  }
}
