package io.streamrag.llm.evidence;

import io.streamrag.kit.text.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A question as written tokens, each with its normalised form, for {@link Splitter}. An Arabic «و»
 * glued to the next word («والري», «ومتى») is a token of its own when it joins an article or a
 * question word, as Arabic writes "and" without a space.
 */
final class QuestionTokens {

  /** Comparison cues, normalised; "between" and "of" after them belong to the cue. */
  private static final Set<String> CUES =
      Set.of(
          "difference",
          "differences",
          "distinction",
          "compare",
          "comparing",
          "comparison",
          "تفاوت",
          "فرق",
          "مقایسه",
          "قارن",
          "مقارنه");

  private static final Set<String> CUE_TAILS = Set.of("between", "of", "بین", "میان");

  private final List<String> raw = new ArrayList<>();
  private final List<String> norm = new ArrayList<>();
  private final String mark;
  private int cueStart = -1;
  private int cueEnd = -1;

  QuestionTokens(String question) {
    String q = question.strip();
    mark = q.endsWith("؟") ? "؟" : q.endsWith("?") ? "?" : "";
    for (String token : q.split("\\s+")) {
      String n = Words.normalize(token.replaceAll("[?؟!.,،:;؛\"«»()]", ""));
      if (n.length() > 2 && n.startsWith("و") && gluedAnd(n.substring(1))) {
        add("و");
        add(token.substring(1));
      } else if (!token.isEmpty()) {
        add(token);
      }
    }
    for (int i = 0; i < size() && cueStart < 0; i++) {
      if (CUES.contains(norm(i))) {
        cueStart = i > 0 && norm(i - 1).equals("the") ? i - 1 : i;
        cueEnd = i + 1 < size() && CUE_TAILS.contains(norm(i + 1)) ? i + 2 : i + 1;
      }
    }
    unglueAfterCue();
  }

  /**
   * «بين السعة الحقلية ونقطة الذبول»: after a comparison cue with no «و» of its own, the first word
   * glued to «و» (past the first side's first word) is where the second side begins.
   */
  private void unglueAfterCue() {
    if (cueEnd < 0 || norm.subList(cueEnd, size()).contains("و")) {
      return;
    }
    for (int i = cueEnd + 1; i < size(); i++) {
      String n = norm(i);
      if (n.length() > 3 && n.startsWith("و") && Stems.isArabicScript(n)) {
        String rest = raw.get(i).substring(1);
        raw.set(i, rest);
        norm.set(i, norm(rest));
        raw.add(i, "و");
        norm.add(i, "و");
        return;
      }
    }
  }

  private static boolean gluedAnd(String rest) {
    return rest.startsWith("ال")
        || Set.of("متی", "کیف", "کم", "ما", "ماذا", "این", "هل", "لماذا")
            .contains(Stems.fold(rest));
  }

  private void add(String token) {
    raw.add(token);
    norm.add(norm(token));
  }

  static String norm(String token) {
    return Stems.fold(Words.normalize(token.replaceAll("[?؟!.,،:;؛\"«»()]", "")));
  }

  int size() {
    return raw.size();
  }

  String norm(int i) {
    return norm.get(i);
  }

  /** The question mark the question ended with, or nothing. */
  String mark() {
    return mark;
  }

  /** Where the first comparison cue ends (after its "between"), or -1 without one. */
  int cueEnd() {
    return cueEnd;
  }

  /** Whether the token ends a phrase: a comma, a colon, a question mark after it. */
  boolean endsPhrase(int i) {
    return raw.get(i).matches(".*[?؟,،:;؛.]$");
  }

  /** The written tokens [from, to), without trailing punctuation at the end. */
  String text(int from, int to) {
    return String.join(" ", raw.subList(from, Math.max(from, to))).replaceAll("[?؟,،:;؛.]+$", "");
  }

  /** The written tokens [from, to) without the comparison cue. */
  String withoutCue(int from, int to) {
    var kept = new ArrayList<String>();
    for (int i = from; i < to; i++) {
      if (i < cueStart || i >= cueEnd) {
        kept.add(raw.get(i));
      }
    }
    return String.join(" ", kept);
  }

  boolean any(int from, int to, Set<String> words) {
    for (int i = from; i < to; i++) {
      if (words.contains(norm(i))) {
        return true;
      }
    }
    return false;
  }
}
