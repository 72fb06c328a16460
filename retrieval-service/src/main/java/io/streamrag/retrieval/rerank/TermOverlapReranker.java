package io.streamrag.retrieval.rerank;

import io.streamrag.retrieval.store.BilingualAnalyzer;
import io.streamrag.retrieval.store.Candidate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * A local reranker without a model, honestly named: relevance is the share of the question's
 * analysed terms found in the passage, blended with the dense cosine similarity when the dense leg
 * saw the passage. It reorders candidates and gives the model a comparable score; a cross-encoder
 * or a rerank API does this better.
 */
public final class TermOverlapReranker implements Reranker {

  private static final double COSINE_SHARE = 0.3;

  private final Analyzer analyzer = new BilingualAnalyzer();

  @Override
  public List<Ranked> rerank(String question, List<Candidate> candidates, int keep) {
    Set<String> asked = terms(question);
    return candidates.stream()
        .map(c -> new Ranked(c, relevance(asked, c)))
        .sorted(
            Comparator.comparingDouble((Ranked r) -> -r.relevance())
                .thenComparingDouble(r -> -r.candidate().fusedScore()))
        .limit(keep)
        .toList();
  }

  @Override
  public String name() {
    return "term-overlap";
  }

  private double relevance(Set<String> asked, Candidate c) {
    if (asked.isEmpty()) {
      return 0;
    }
    Set<String> found = terms(c.chunk().text());
    long shared = asked.stream().filter(found::contains).count();
    double coverage = (double) shared / asked.size();
    if (c.denseRank() == 0) {
      return round(coverage);
    }
    return round((1 - COSINE_SHARE) * coverage + COSINE_SHARE * Math.max(0, c.denseSimilarity()));
  }

  private Set<String> terms(String text) {
    var terms = new HashSet<String>();
    try (var stream = analyzer.tokenStream("text", text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return terms;
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
