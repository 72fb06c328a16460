package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A passage read for judging: the light stems of its words, whole and sentence by sentence, to tell
 * whether it holds a term, and where the terms of a question meet.
 */
final class PassageText {

  /** Sentences looked at together when finding where a question's terms meet. */
  static final int WINDOW = 2;

  private final String language;
  private final Set<String> stems = new HashSet<>();
  private final List<String> sentences = new ArrayList<>();
  private final List<Set<String>> sentenceStems = new ArrayList<>();

  /**
   * Reads each sentence's stems once: the stems of the passage, and of any window of sentences, are
   * their union (the split removes only separators, so no word spans two sentences).
   */
  PassageText(String text, String language) {
    this.language = language;
    for (String s : text.split("(?<=[.!?؟])\\s+|[\\n\\r]+|[;؛]")) {
      if (!s.isBlank()) {
        sentences.add(s.strip());
        Set<String> own = stems(s);
        sentenceStems.add(own);
        stems.addAll(own);
      }
    }
  }

  String language() {
    return language;
  }

  /** Whether the passage holds the term in one of its forms. */
  boolean holds(Terms.Term term) {
    return holds(term, stems);
  }

  /**
   * The sentences (and their neighbours, {@link #WINDOW} at a time) where most of the terms meet:
   * where an answer to the question would be written.
   */
  List<String> focus(List<Terms.Term> terms) {
    if (sentences.size() <= WINDOW) {
      return List.of(String.join(" ", sentences));
    }
    var best = new ArrayList<String>();
    int most = -1;
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      String window = String.join(" ", sentences.subList(i, i + WINDOW));
      Set<String> here = windowStems(i);
      int held = (int) terms.stream().filter(t -> holds(t, here)).count();
      if (held > most) {
        most = held;
        best.clear();
      }
      if (held == most) {
        best.add(window);
      }
    }
    return best;
  }

  /** The largest share of the terms held within one window of sentences. */
  double focusShare(List<Terms.Term> terms) {
    double all = terms.stream().mapToDouble(PassageText::weight).sum();
    if (sentences.size() <= WINDOW) {
      return terms.stream().filter(this::holds).mapToDouble(PassageText::weight).sum() / all;
    }
    double most = 0;
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      Set<String> here = windowStems(i);
      most =
          Math.max(
              most,
              terms.stream().filter(t -> holds(t, here)).mapToDouble(PassageText::weight).sum());
    }
    return most / all;
  }

  static double weight(Terms.Term t) {
    return Math.min(8, t.text().length());
  }

  private Set<String> windowStems(int first) {
    var here = new HashSet<String>();
    sentenceStems.subList(first, first + WINDOW).forEach(here::addAll);
    return here;
  }

  private static Set<String> stems(String text) {
    var out = new HashSet<String>();
    Stems.words(text).forEach(w -> out.add(Stems.of(w)));
    return out;
  }

  private static boolean holds(Terms.Term term, Set<String> stems) {
    return term.forms().stream().anyMatch(form -> form.stream().allMatch(s -> has(s, stems)));
  }

  /** Equal, of the same word ({@link Stems#same}), or one typing slip away in a long word. */
  private static boolean has(String stem, Set<String> stems) {
    if (stems.contains(stem)) {
      return true;
    }
    for (String s : stems) {
      if (Stems.same(stem, s) || stem.length() >= 5 && oneEditApart(stem, s)) {
        return true;
      }
    }
    return false;
  }

  /** A question typed "یونسیف" still names the passage's "یونیسف". */
  static boolean oneEditApart(String a, String b) {
    if (Math.abs(a.length() - b.length()) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    int j = 0;
    while (j < a.length() - i
        && j < b.length() - i
        && a.charAt(a.length() - 1 - j) == b.charAt(b.length() - 1 - j)) {
      j++;
    }
    if (a.length() == b.length()) {
      return i + j >= a.length() - 1
          || i + j == a.length() - 2
              && a.charAt(i) == b.charAt(i + 1)
              && a.charAt(i + 1) == b.charAt(i);
    }
    return i + j >= Math.min(a.length(), b.length());
  }
}
