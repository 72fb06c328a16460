package io.streamrag.llm.evidence;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Splits comparisons and joined questions into questions of their own (S3.1), in Persian, Arabic
 * and English. Three rules, tried in order:
 *
 * <ol>
 *   <li>two questions joined by "and" / «و», when the second asks with a question word (English:
 *       its first word) and names a glossary concept of its own ("How much nitrogen does maize need
 *       and when should I irrigate wheat?"). "What is ET0 and how do I use it?" stays whole: its
 *       second clause names nothing, and searching "how do I use it" alone finds nothing;
 *   <li>a comparison: a cue ("difference between", "compare", «تفاوت», «فرق», «مقایسه», «الفرق
 *       بين», «قارن») or a choice ("X or Y: which …", «X بهتر است یا Y», «X أم Y», "X vs Y"), whose
 *       two sides replace the coordination in the rest of the question, so each part keeps the
 *       shared predicate ("nitrogen for maize vs wheat" gives "nitrogen for maize" and "nitrogen
 *       for wheat");
 *   <li>two glossary entities of one kind joined by "and" («ذرت و گندم»), as in "How much nitrogen
 *       do maize and wheat need?". Any other "and" is left alone: "soil moisture and temperature"
 *       is one topic.
 * </ol>
 */
final class Splitter {

  /** One part: its text, and the side of the comparison it is about (empty if none). */
  record Split(String text, String side) {}

  private static final Set<String> AND = Set.of("and", "و");
  private static final Set<String> CHOICE = Set.of("or", "vs", "versus", "یا", "او", "ام");
  private static final Set<String> CHOICE_CUES =
      Set.of("which", "better", "best", "کدام", "کدوم", "بهتر", "ایهما", "افضل");

  /**
   * Question words by language: «این» is Arabic "where" but Persian "this", «ما» "what" or "we".
   */
  private static final java.util.Map<String, Set<String>> QUESTION_WORDS =
      java.util.Map.of(
          "en",
          Set.of("how", "what", "when", "where", "who", "which", "why", "should", "can"),
          "fa",
          Set.of("چقدر", "چند", "کی", "چه", "چگونه", "چطور", "کجا", "ایا", "کدام", "چرا", "چیست"),
          "ar",
          Set.of("کم", "متی", "ماذا", "ما", "کیف", "این", "هل", "لماذا", "من"));

  private static final int LONGEST_SIDE = 3;

  private final Glossary glossary;

  Splitter(Glossary glossary) {
    this.glossary = glossary;
  }

  List<Split> split(String question, String language) {
    var t = new QuestionTokens(question);
    return clauses(t, language)
        .or(() -> comparison(t, language))
        .or(() -> entities(t, language))
        .orElse(List.of(new Split(question.strip(), "")));
  }

  private Optional<List<Split>> clauses(QuestionTokens t, String language) {
    for (int k = 1; k < t.size() - 1; k++) {
      Set<String> asking = QUESTION_WORDS.getOrDefault(language, QUESTION_WORDS.get("en"));
      boolean asks =
          language.equals("en") ? asking.contains(t.norm(k + 1)) : t.any(k + 1, t.size(), asking);
      if (AND.contains(t.norm(k))
          && asks
          && t.any(0, k, asking)
          && !glossary.find(Stems.words(t.text(k + 1, t.size())), language).isEmpty()) {
        return Optional.of(
            List.of(
                new Split(t.text(0, k) + t.mark(), ""),
                new Split(t.text(k + 1, t.size()) + t.mark(), "")));
      }
    }
    return Optional.empty();
  }

  private Optional<List<Split>> comparison(QuestionTokens t, String language) {
    boolean choice = t.any(0, t.size(), CHOICE_CUES);
    for (int k = Math.max(t.cueEnd(), 1); k < t.size() - 1; k++) {
      String w = t.norm(k);
      boolean cued = t.cueEnd() >= 0 && (AND.contains(w) || Set.of("with", "to", "با").contains(w));
      if (cued
          || (choice || t.cueEnd() >= 0) && CHOICE.contains(w)
          || Set.of("vs", "versus").contains(w)) {
        return Optional.of(sides(t, k, language));
      }
    }
    return Optional.empty();
  }

  private Optional<List<Split>> entities(QuestionTokens t, String language) {
    for (int k = 1; k < t.size() - 1; k++) {
      if (AND.contains(t.norm(k))) {
        var left = glossary.find(List.of(t.norm(k - 1)), language);
        var right = glossary.find(List.of(t.norm(k + 1)), language);
        if (left.size() == 1
            && right.size() == 1
            && left.get(0).concept().isEntity()
            && left.get(0).concept().kind().equals(right.get(0).concept().kind())
            && left.get(0).concept() != right.get(0).concept()) {
          return Optional.of(parts(t, k - 1, k, k, k + 1, k + 2, ""));
        }
      }
    }
    return Optional.empty();
  }

  /** The two sides around the coordinator at {@code k}, balanced as the language builds phrases. */
  private List<Split> sides(QuestionTokens t, int k, String language) {
    // "X بهتر است یا Y": the words between X and the coordinator ask, they are not X
    int xe = k;
    while (xe > Math.max(t.cueEnd(), 0) && FunctionWords.contains(t.norm(xe - 1))) {
      xe--;
    }
    int xs = t.cueEnd();
    if (xs < 0) {
      xs = xe;
      while (xs > 0
          && xe - xs < LONGEST_SIDE
          && !FunctionWords.contains(t.norm(xs - 1))
          && !t.endsPhrase(xs - 1)) {
        xs--;
      }
    }
    int ys = k + 1;
    int ye = ys;
    while (ye < t.size() && ye - ys < LONGEST_SIDE && !FunctionWords.contains(t.norm(ye))) {
      ye++;
      if (t.endsPhrase(ye - 1)) {
        break;
      }
    }
    if (t.cueEnd() < 0 && xe - xs > ye - ys) {
      // no cue bounds X: it is as long as Y ("for sandy soil, drip or sprinkler")
      xs = xe - (ye - ys);
    }
    int x = xe - xs;
    int y = ye - ys;
    if (language.equals("en")) {
      // English puts the head last: "drip and furrow irrigation" share "irrigation"
      return parts(t, xs, xe, k, ys, y > x && x > 0 ? ys + x : ye, "");
    }
    // Persian and Arabic put the head first: «آبیاری قطره‌ای و بارانی» share «آبیاری»
    String head = x > y && y > 0 && t.cueEnd() >= 0 ? t.text(xs, xs + x - y) + " " : "";
    return parts(t, xs, xe, k, ys, ye, head);
  }

  private static List<Split> parts(
      QuestionTokens t, int xs, int xe, int k, int ys, int ye, String head) {
    String before = t.withoutCue(0, xs);
    String middle = t.text(xe, k);
    String after = t.text(ye, t.size());
    String xSide = t.text(xs, xe);
    String ySide = head + t.text(ys, ye);
    return List.of(
        new Split(join(before, xSide, middle, after, t.mark()), xSide),
        new Split(join(before, ySide, middle, after, t.mark()), ySide));
  }

  private static String join(String before, String side, String middle, String after, String mark) {
    String text = String.join(" ", before, side, middle, after).strip().replaceAll("\\s+", " ");
    text = text.replaceAll("\\s+([?؟:,،.])", "$1").replaceAll("^[,:،]\\s*", "");
    return text + mark;
  }
}
