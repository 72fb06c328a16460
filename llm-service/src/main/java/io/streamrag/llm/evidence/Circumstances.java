package io.streamrag.llm.evidence;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One question asked of two circumstances, each a phrase of the same preposition at the end of the
 * question (S3.1): "what Kc does wheat have at the start of the season and at the end", «ما معامل
 * القمح في بداية الموسم وفي نهايته». Each circumstance is a part: the question with its own phrase,
 * "what Kc does wheat have at the end". Persian puts the verb after the phrases («در ابتدا و در
 * پایان فصل چقدر است»), so where the second phrase ends is not known from its words: not split
 * here.
 */
final class Circumstances {

  private static final Map<String, Set<String>> PREPOSITIONS =
      Map.of(
          "en",
          Set.of("at", "in", "during", "for", "on", "before", "after", "under", "with", "from"),
          "ar",
          Set.of("فی", "عند", "قبل", "بعد", "خلال", "مع", "اثناء", "تحت", "من"));

  /** A circumstance longer than this is a clause of its own, not a phrase. */
  private static final int LONGEST = 6;

  private Circumstances() {}

  static Optional<List<Splitter.Split>> of(QuestionTokens t, String language) {
    Set<String> prepositions = PREPOSITIONS.get(language);
    if (prepositions == null) {
      return Optional.empty();
    }
    Set<String> asking = Clauses.QUESTION_WORDS.get(language);
    for (int k = 1; k < t.size() - 1; k++) {
      String w = t.norm(k);
      String preposition;
      String second;
      if ((w.equals("and") || w.equals("و")) && prepositions.contains(t.norm(k + 1))) {
        preposition = t.norm(k + 1);
        second = t.text(k + 1, t.size());
      } else if (language.equals("ar")
          && w.startsWith("و")
          && prepositions.contains(w.substring(1))) {
        preposition = w.substring(1); // «وفي» glued to its «و»
        second = t.text(k, t.size()).substring(1);
      } else {
        continue;
      }
      int first = k - 1;
      while (first > 0 && !t.norm(first).equals(preposition)) {
        first--;
      }
      if (first <= 0 || t.size() - k > LONGEST + 1 || t.any(k + 1, t.size(), asking)) {
        continue;
      }
      return Optional.of(
          List.of(
              new Splitter.Split(t.text(0, k) + t.mark(), ""),
              new Splitter.Split(t.text(0, first) + " " + second + t.mark(), "")));
    }
    return Optional.empty();
  }
}
