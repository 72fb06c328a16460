package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message's pieces, each asking or telling (S3.1). People write several questions as a list
 * ("three things: 1) … 2) … 3) …", «۱) … ۲) …», lines starting with "-"), and tell about their farm
 * before or after asking ("Soil lab report came back: Olsen P 8. Below what value …", «باغ پسته تو
 * یزد دارم:»). A list's items are its questions, and what comes before the list tells. Without a
 * list, each sentence is a piece, and asks when it ends with a question mark, starts with a
 * question word or a request ("tell me", "list"), or, in Persian and Arabic (whose question words
 * may close the sentence: «ضریب گیاهی پسته چنده»), holds one. A piece that tells is context: {@link
 * Clauses} takes from it what a question leaves out (its crop), but it is never searched or judged
 * as a part, since its words (a lab's other figures, a farm's story) are not what is asked.
 */
final class Sentences {

  /** One piece, as written, and whether it asks. */
  record Piece(String text, boolean asks) {}

  /** "1)", "2.", "(3)", «۱)», «٢.»: a list item's number, not a decimal's nor a figure's end. */
  private static final Pattern NUMBERED =
      Pattern.compile("(?<![\\p{L}\\p{N}.,/])\\(?([0-9۰-۹٠-٩])[).](?=\\s)");

  private static final Pattern SEPARATED = Pattern.compile("\\s*[;؛]\\s*|\\s+/\\s+");

  private static final Pattern BULLET = Pattern.compile("(?m)^\\s*[-*•▪◦]\\s+");

  /**
   * A sentence ends at a question mark, a line break, or a full stop before a word: typed in lower
   * case too ("no wind. could my seedlings …"); a listed abbreviation is no end.
   */
  private static final Pattern BOUNDARY =
      Pattern.compile("(?<=[?؟!])\\s+|\\s*\\n\\s*|(?<=\\S\\.)\\s+(?=[\\p{L}])");

  /** Words that end with a full stop without ending a sentence. */
  private static final Set<String> ABBREVIATIONS =
      Set.of("e.g.", "i.e.", "etc.", "approx.", "vs.", "no.", "cf.", "fig.", "ca.", "min.", "max.");

  /** Words a question may start with before its question word ("and", "so", "ok", "pls"). */
  private static final Set<String> OPENERS =
      Set.of(
          "and",
          "also",
          "so",
          "then",
          "ok",
          "okay",
          "pls",
          "please",
          "plus",
          "btw",
          "but",
          "lastly",
          "finally",
          "next",
          "q",
          "question",
          "quick");

  /** Requests that ask without a question word. */
  private static final Map<String, Set<String>> REQUESTS =
      Map.of(
          "en",
          Set.of(
              "tell",
              "give",
              "list",
              "explain",
              "show",
              "calculate",
              "compute",
              "compare",
              "name",
              "describe",
              "recommend",
              "suggest",
              "estimate",
              "convert",
              "help",
              "wondering"),
          "fa",
          Set.of("بگو", "بگید", "بگویید", "توضیح", "بده", "بدید", "بدهید", "حساب", "مقایسه"),
          "ar",
          Set.of("اخبرنی", "اشرح", "اذکر", "قل", "اعطنی", "احسب", "قارن", "وضح"));

  private static final Pattern WANTS_TO_KNOW =
      Pattern.compile("(?i)i(?:['’]d| would)? (?:want|like|need) to (?:know|ask)\\b");

  private Sentences() {}

  static List<Piece> of(String message, String language) {
    return listed(message.strip()).orElseGet(() -> sentences(message.strip(), language));
  }

  /** The items of a numbered list (1, 2, … in order) or of bulleted lines, after what tells. */
  private static Optional<List<Piece>> listed(String message) {
    var starts = new ArrayList<int[]>(); // {marker start, item start}
    Matcher m = NUMBERED.matcher(message);
    int expected = 1;
    while (m.find()) {
      if (Character.getNumericValue(m.group(1).charAt(0)) == expected) {
        starts.add(new int[] {m.start(), m.end()});
        expected++;
      }
    }
    if (starts.size() < 2) {
      starts.clear();
      Matcher b = BULLET.matcher(message);
      while (b.find()) {
        starts.add(new int[] {b.start(), b.end()});
      }
    }
    if (starts.size() < 2) {
      return separated(message);
    }
    var out = new ArrayList<Piece>();
    String before = message.substring(0, starts.get(0)[0]).strip();
    if (!before.isEmpty()) {
      out.add(new Piece(before, false));
    }
    for (int i = 0; i < starts.size(); i++) {
      int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : message.length();
      String item = message.substring(starts.get(i)[1], end).strip();
      if (!item.isEmpty()) {
        out.add(new Piece(item, true));
      }
    }
    return Optional.of(out);
  }

  /**
   * Questions separated by semicolons or spaced slashes ("best wind for spraying; how often to
   * scout; …", "hectares in a km² / an acre in hectares"): each piece of three words or more asks.
   */
  private static Optional<List<Piece>> separated(String message) {
    String[] pieces = SEPARATED.split(message);
    if (pieces.length < 2
        || java.util.Arrays.stream(pieces).anyMatch(p -> p.strip().split("\\s+").length < 3)) {
      return Optional.empty();
    }
    return Optional.of(
        java.util.Arrays.stream(pieces).map(p -> new Piece(p.strip(), true)).toList());
  }

  private static List<Piece> sentences(String message, String language) {
    var out = new ArrayList<Piece>();
    var pending = new StringBuilder();
    for (String s : BOUNDARY.split(message)) {
      pending.append(pending.length() > 0 ? " " : "").append(s.strip());
      String last = s.strip().replaceAll("^.*\\s", "").toLowerCase(java.util.Locale.ROOT);
      if (ABBREVIATIONS.contains(last)) {
        continue;
      }
      String sentence = pending.toString();
      pending.setLength(0);
      add(out, sentence, language);
    }
    add(out, pending.toString(), language);
    return out;
  }

  /**
   * A fragment of a few words after a question names what it is about ("and next week? soil
   * moisture", as a follow-up's rewrite appends its topic): it stays with the question, as written.
   * A longer piece that does not ask tells.
   */
  private static void add(List<Piece> out, String sentence, String language) {
    if (sentence.isBlank()) {
      return;
    }
    boolean asks = asks(sentence, language);
    int last = out.size() - 1;
    if (!asks && last >= 0 && out.get(last).asks() && sentence.strip().split("\\s+").length <= 3) {
      out.set(last, new Piece(out.get(last).text() + " " + sentence.strip(), true));
    } else {
      out.add(new Piece(sentence, asks));
    }
  }

  static boolean asks(String sentence, String language) {
    var t = new QuestionTokens(sentence);
    if (!t.mark().isEmpty()) {
      return true;
    }
    Set<String> words =
        Clauses.QUESTION_WORDS.getOrDefault(language, Clauses.QUESTION_WORDS.get("en"));
    Set<String> requests = REQUESTS.getOrDefault(language, REQUESTS.get("en"));
    if (language.equals("fa") || language.equals("ar")) {
      return t.any(0, t.size(), words) || t.any(0, t.size(), requests);
    }
    int first = 0;
    while (first < t.size() - 1 && OPENERS.contains(t.norm(first))) {
      first++;
    }
    return words.contains(t.norm(first))
        || requests.contains(t.norm(first))
        || WANTS_TO_KNOW.matcher(t.text(first, t.size())).lookingAt()
        || AFTER_A_LEAD_IN.matcher(sentence).lookingAt();
  }

  /**
   * A question after a short lead-in and a comma: "one more thing, what wind speed is ok", "by the
   * way, how long …". Only the words that open a question and seldom a clause after a comma: "… in
   * autumn, when the soil was moist" tells.
   */
  private static final Pattern AFTER_A_LEAD_IN =
      Pattern.compile(
          "(?i)\\s*(?:[\\p{L}\\d'’]+\\s+){0,3}[\\p{L}\\d'’]+\\s*,\\s*"
              + "(?:what|what's|whats|how|how's|should|can|could|does|do|is|are)\\b");
}
