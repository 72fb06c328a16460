package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A question about several things of one kind, as one question per thing (S3.1): "the minimum soil
 * temperature of wheat, maize and cucumber", «ذرت و گندم», "nitrogen, phosphorus and potassium",
 * "of tomato and of cotton". The things are glossary entities of one kind (crops, nutrients,
 * fertilizers, qualifiers), joined by commas, "and", "or", «و» or «یا», with at most a repeated
 * preposition or article between; the rest of the question is each part's shared predicate. Any
 * other "and" is left alone: "soil moisture and temperature" is one topic.
 */
final class Enumerations {

  private static final Set<String> JOINS = Set.of("and", "or", "و", "یا", "او", "أو");
  private static final Set<String> BETWEEN =
      Set.of("of", "for", "the", "a", "an", "to", "in", "برای", "به", "از", "در", "ل", "لل");

  private final Glossary glossary;

  Enumerations(Glossary glossary) {
    this.glossary = glossary;
  }

  /** One part per entity of the first run of two or more, or empty without such a run. */
  Optional<List<Splitter.Split>> of(QuestionTokens t, String language) {
    // the glossary reads words; a token may hold several ("mid-season"), so map words to tokens
    var words = new ArrayList<String>();
    var token = new ArrayList<Integer>();
    for (int i = 0; i < t.size(); i++) {
      for (String w : Stems.words(t.norm(i))) {
        words.add(w);
        token.add(i);
      }
    }
    token.add(t.size());
    var found = new ArrayList<Glossary.Found>();
    for (Glossary.Found f : glossary.find(words, language)) {
      found.add(new Glossary.Found(f.concept(), token.get(f.start()), token.get(f.end())));
    }
    for (int a = 0; a < found.size() - 1; a++) {
      var run = new ArrayList<Glossary.Found>(List.of(found.get(a)));
      for (int b = a + 1; b < found.size(); b++) {
        Glossary.Found last = run.get(run.size() - 1);
        Glossary.Found next = found.get(b);
        if (!next.concept().isEntity()
            || !next.concept().kind().equals(last.concept().kind())
            || next.concept() == last.concept()
            || !joined(t, last.end(), next.start())) {
          break;
        }
        run.add(next);
      }
      if (run.size() >= 2 && run.get(0).concept().isEntity()) {
        return Optional.of(parts(t, run));
      }
    }
    return Optional.empty();
  }

  /** Whether the tokens between two entities only join them: a comma, "and", "or" and the like. */
  private static boolean joined(QuestionTokens t, int from, int to) {
    if (from >= to && !(from > 0 && t.endsPhrase(from - 1))) {
      return false;
    }
    boolean join = from > 0 && t.endsPhrase(from - 1);
    for (int i = from; i < to; i++) {
      if (JOINS.contains(t.norm(i))) {
        join = true;
      } else if (!BETWEEN.contains(t.norm(i))) {
        return false;
      }
    }
    return join;
  }

  private static List<Splitter.Split> parts(QuestionTokens t, List<Glossary.Found> run) {
    int start = run.get(0).start();
    int end = run.get(run.size() - 1).end();
    String before = t.text(0, start);
    String after = t.text(end, t.size());
    var out = new ArrayList<Splitter.Split>();
    for (Glossary.Found f : run) {
      String side = t.text(f.start(), f.end());
      String text = String.join(" ", before, side, after).strip().replaceAll("\\s+", " ");
      out.add(new Splitter.Split(text.replaceAll("\\s+([?؟:,،.])", "$1") + t.mark(), side));
    }
    return out;
  }
}
