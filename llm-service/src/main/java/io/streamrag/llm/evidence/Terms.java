package io.streamrag.llm.evidence;

import io.streamrag.kit.text.Language;
import java.util.ArrayList;
import java.util.List;

/**
 * The terms of a part a passage should hold: each glossary concept it names (held in any of the
 * concept's forms, in any language) and each other topic word (held as itself). Words that only ask
 * ({@link FunctionWords}) are not terms.
 */
final class Terms {

  /**
   * One term.
   *
   * @param text as the part wrote it
   * @param forms each way a passage may hold it: the light stems of a form's words, all needed
   * @param translated whether it has forms in other languages (a glossary concept, or a word such
   *     as ET0 or NPK that every language writes the same way)
   * @param entity whether it names what the passage must be about
   */
  record Term(String text, List<List<String>> forms, boolean translated, boolean entity) {}

  private Terms() {}

  /** The terms of a text, in order, read in its own language. */
  static List<Term> of(String text) {
    return of(text, Language.detect(text));
  }

  /** The terms of a text read in a given language: an entity alone says too little to detect it. */
  static List<Term> of(String text, String language) {
    return of(text, language, Glossary.standard());
  }

  static List<Term> of(String text, String language, Glossary glossary) {
    List<String> words = Stems.words(text);
    boolean arabicScript = words.stream().filter(Stems::isArabicScript).count() * 2 > words.size();
    var terms = new ArrayList<Term>();
    int at = 0;
    for (Glossary.Found f : glossary.find(words, language)) {
      words.subList(at, f.start()).forEach(w -> word(w, arabicScript, terms));
      terms.add(
          new Term(
              String.join(" ", words.subList(f.start(), f.end())),
              f.concept().stems(),
              true,
              f.concept().isEntity()));
      at = f.end();
    }
    words.subList(at, words.size()).forEach(w -> word(w, arabicScript, terms));
    return terms;
  }

  /**
   * A word outside the glossary. One with letters and digits (ET0, K2O) is an entity every language
   * writes alike; a Latin word in a Persian or Arabic question (NPK, pH) is written alike too.
   */
  private static void word(String w, boolean arabicScript, List<Term> terms) {
    if (FunctionWords.contains(w) || terms.stream().anyMatch(t -> t.text().equals(w))) {
      return;
    }
    boolean technical =
        w.chars().anyMatch(Character::isDigit) && w.chars().anyMatch(Character::isLetter);
    boolean latinAmongArabic = arabicScript && !Stems.isArabicScript(w);
    terms.add(new Term(w, List.of(List.of(Stems.of(w))), technical || latinAmongArabic, technical));
  }
}
