package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Splits comparisons and joined questions into questions of their own (S3.1), in Persian, Arabic
 * and English, in two steps:
 *
 * <ol>
 *   <li>sentences and asking clauses ({@link Clauses}): "What is field capacity, what is the
 *       wilting point, and when should I irrigate?" is three questions; a clause that leaves out
 *       its subject ("and how much?") takes it from the clause before;
 *   <li>in each, a comparison: a cue ("difference between", "compare", «تفاوت», «فرق», «مقایسه»,
 *       «الفرق بين», «قارن») or a choice ("X or Y: which …", «X بهتر است یا Y», «X أم Y», "X vs
 *       Y"), whose two sides replace the coordination in the rest of the question, so each part
 *       keeps the shared predicate ("nitrogen for maize vs wheat" gives "nitrogen for maize" and
 *       "nitrogen for wheat"); else several glossary entities of one kind ({@link Enumerations}):
 *       "How much nitrogen do maize, wheat and barley need?" is three parts.
 * </ol>
 */
final class Splitter {

  /**
   * One part: its text, the side of the comparison it is about (empty if none), and the words it
   * took from what the message told rather than asked (empty if none; see {@link Clauses.Clause}).
   */
  record Split(String text, String side, String context) {

    Split(String text, String side) {
      this(text, side, "");
    }

    /** The text without what it took from the context: what a passage must answer. */
    String asked() {
      return context.isEmpty() ? text : text.replace(context, " ").replaceAll("\\s+", " ").strip();
    }
  }

  private static final Set<String> AND = Set.of("and", "و");
  private static final Set<String> CHOICE = Set.of("or", "vs", "versus", "یا", "او", "ام");
  private static final Set<String> CHOICE_CUES =
      Set.of(
          "which", "better", "best", "more", "less", "higher", "lower", "کدام", "کدوم", "بهتر",
          "بیشتر", "کمتر", "بیشتره", "کمتره", "بهتره", "ایهما", "افضل", "اکثر", "اقل");

  private static final int LONGEST_SIDE = 3;

  private final Glossary glossary;
  private final Clauses clauses;
  private final Enumerations enumerations;

  Splitter(Glossary glossary) {
    this.glossary = glossary;
    this.clauses = new Clauses(glossary);
    this.enumerations = new Enumerations(glossary);
  }

  List<Split> split(String question, String language) {
    var out = new ArrayList<Split>();
    List<String> sides = List.of();
    // 1. one question per sentence and per asking clause, each naming what it is about
    for (var clause : clauses.of(question, language)) {
      var t = new QuestionTokens(clause.text());
      // 2. a comparison, several things of one kind, or two circumstances ("at the start and at
      // the end") become one part per side, thing or circumstance
      var compared = comparison(t, language);
      var splits =
          compared
              .or(() -> enumerations.of(t, language))
              .or(() -> Circumstances.of(t, language))
              .orElse(List.of(new Split(clause.text().strip(), "")));
      // 3. "and what is the threshold of each?" after a choice: once per side of it
      if (splits.size() == 1 && sides.size() > 1 && Distributive.asks(clause.text())) {
        splits = sides.stream().map(side -> Distributive.of(clause.text(), side)).toList();
      }
      if (compared.isPresent()) {
        sides = compared.get().stream().map(Split::side).toList();
      }
      splits.forEach(s -> out.add(new Split(s.text(), s.side(), clause.context())));
    }
    return out;
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

  /** The two sides around the coordinator at {@code k}, balanced as the language builds phrases. */
  private List<Split> sides(QuestionTokens t, int k, String language) {
    // "X بهتر است یا Y", «X بیشتره یا Y»: the words between X and the coordinator ask, they are
    // not X
    int xe = k;
    while (xe > Math.max(t.cueEnd(), 0)
        && (FunctionWords.contains(t.norm(xe - 1)) || CHOICE_CUES.contains(t.norm(xe - 1)))) {
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
      // English puts the head last: "drip and furrow irrigation" share "irrigation", but "barley
      // or sugar beet" does not share "beet": a side the glossary names whole is one thing
      boolean shared = y > x && x > 0 && !named(t.text(ys, ye), language);
      return parts(t, xs, xe, k, ys, shared ? ys + x : ye, "");
    }
    // Persian and Arabic put the head first: «آبیاری قطره‌ای و بارانی» share «آبیاری»
    String head = x > y && y > 0 && t.cueEnd() >= 0 ? t.text(xs, xs + x - y) + " " : "";
    return parts(t, xs, xe, k, ys, ye, head);
  }

  /** Whether the glossary names the whole phrase as one thing ("sugar beet", "Olsen P"). */
  private boolean named(String phrase, String language) {
    List<String> words = Stems.words(phrase);
    return glossary.find(words, language).stream()
        .anyMatch(f -> f.start() == 0 && f.end() == words.size());
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
