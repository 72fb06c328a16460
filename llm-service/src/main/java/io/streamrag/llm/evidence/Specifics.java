package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a part picks out that only a passage naming it can answer (S3.4), checked as strictly as an
 * entity: a question about a subject is not answered by a passage about that subject that never
 * says the thing asked.
 *
 * <ul>
 *   <li>A superlative or ordinal ("the first", «آخرین», «بزرگ‌ترین») picks one of many: a passage
 *       that never says which is first or largest names candidates, not the answer ("the largest
 *       airport" from a page listing airports).
 *   <li>A how-many question counts something ("how many islands", «چند جزیره», «كم يوما»): its
 *       answer is a number of those things, so the counted word and a number must be written
 *       together, within one window of sentences.
 *   <li>A how-much question about an entity ("nitrogen for canola") asks for that entity's figure:
 *       a number must be written in a sentence that names the crop (a table row names its crop and
 *       its figure on one line), or in the next one if it names no crop of its own (the subject
 *       said once, then left out), not only somewhere else in a passage that mentions it in
 *       passing. "How many kilograms" («چند کیلوگرم», «كم كيلوغرامًا») asks a figure as "how much"
 *       does.
 * </ul>
 *
 * English superlatives other than first and last are not checked: "-est" also ends harvest, forest
 * and interest, and a list of them would be guesswork.
 */
final class Specifics {

  /** Ordinals that pick one end of a series, each with its forms in fa, ar and en (folded). */
  private static final List<Set<String>> ORDINALS =
      List.of(
          Set.of("first", "earliest", "اولین", "نخستین", "اول"),
          Set.of("last", "latest", "اخرین", "واپسین", "اخر"));

  /**
   * Units of measure: "how many kilograms" asks a quantity, and a passage writes its unit as it
   * likes ("261 kg", «۲۶۱ کیلو»), so the unit itself is not required beside the number (fa, ar, en,
   * folded as the question's words are).
   */
  private static final Set<String> UNITS =
      Set.copyOf(
          Stems.words(
              "kilogram kilograms kilo kilos kg gram grams tonne tonnes ton tons litre litres liter"
                  + " liters millimetre millimetres millimeter millimeters mm metre metres meter"
                  + " meters centimetre centimetres centimeter centimeters hectare hectares acre"
                  + " acres percent degrees kilometres kilometers ds/m ds dsm milligrams milligram"
                  + " mg ppm celsius"
                  + " کیلوگرم کیلو گرم تن لیتر میلیمتر میلی‌متر متر سانتیمتر هکتار درصد درجه"
                  + " دسی‌زیمنس دسی زیمنس میلی‌گرم میلیگرم"
                  + " كيلوغرام كيلوجرام غرام جرام طن لتر ليتر ملم مليمتر متر سنتيمتر هكتار"
                  + " ديسيسيمنز ديسي سيمنز مليغرام ملغ"));

  /**
   * A symbol ("Ky", "Kc", "SAR", "DTPA", "K2O", "ET0"): short, Latin, written with a capital past
   * its first letter, a digit, or as a capitalised word of two or three letters. It names one
   * quantity, and every language writes it so, in a Persian or Arabic text too: a passage that
   * never names it (nor a glossary translation of it) holds another quantity's figure ("Kc" for a
   * question on "Ky").
   */
  private static final Pattern SYMBOL =
      Pattern.compile("[A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9]*|[A-Z][a-z]{1,2}|[A-Z][a-z]*[0-9]+");

  /**
   * Whether the counted word is a unit of measure. Arabic counts in the accusative («كم
   * كيلوغرامًا»): its tanween alef is not part of the unit.
   */
  private static boolean unit(String word, String language) {
    return UNITS.contains(word)
        || (language.equals("ar")
            && word.endsWith("ا")
            && UNITS.contains(word.substring(0, word.length() - 1)));
  }

  /** The Persian superlative ending, written joined («بزرگترین») or apart («بزرگ ترین»). */
  private static final String SUPERLATIVE = "ترین";

  private Specifics() {}

  /** Why the passage cannot answer what the part picks out, or empty when it can. */
  static Optional<String> missing(Part part, String language, PassageText passage) {
    List<String> words = Stems.words(part.text());
    for (String picked : superlatives(words)) {
      Set<String> forms =
          ORDINALS.stream().filter(o -> o.contains(picked)).findFirst().orElse(Set.of(picked));
      if (forms.stream().noneMatch(passage::hasWord)) {
        return Optional.of("the question asks for the " + picked + "; the passage never says it");
      }
    }
    for (String symbol : symbols(part.text())) {
      List<Terms.Term> terms = Terms.of(symbol, language);
      if (!terms.isEmpty() && terms.stream().noneMatch(passage::holds)) {
        return Optional.of("the question asks about " + symbol + "; the passage never names it");
      }
    }
    Optional<String> counted = counted(words, language);
    boolean byUnit = counted.isPresent() && unit(counted.get(), language);
    if (counted.isPresent() && !byUnit) {
      List<Terms.Term> terms = Terms.of(counted.get(), language);
      if (!terms.isEmpty()
          && !passage.holdsWhere(terms.get(0), w -> AnswerType.holds("number", w, false))) {
        return Optional.of("no number of " + counted.get() + " for a how-many question");
      }
    }
    // "how many kilograms of nitrogen does sugar beet need" asks a figure as "how much" does
    if ((counted.isEmpty() || byUnit) && part.expects().equals("number")) {
      for (String entity : part.entities()) {
        for (Terms.Term t : Terms.of(entity, language)) {
          if (isCrop(t, language)
              && !passage.holdsInSentenceOrNext(t, Specifics::hasDigit, Specifics::namesCrop)) {
            return Optional.of("no figure next to " + t.text() + " for a how-much question");
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the term names a crop: the crop is whose figure it is; a qualifier ("drip") is often
   * said once, in a heading, for every figure below it.
   */
  private static boolean isCrop(Terms.Term t, String language) {
    return Glossary.standard().find(Stems.words(t.text()), language).stream()
        .anyMatch(f -> f.concept().kind().equals("crop"));
  }

  /** Whether the text names a crop, in any of the glossary's languages. */
  private static boolean namesCrop(String text) {
    List<String> words = Stems.words(text);
    return Stream.of("en", "fa", "ar")
        .anyMatch(
            l ->
                Glossary.standard().find(words, l).stream()
                    .anyMatch(f -> f.concept().kind().equals("crop")));
  }

  /**
   * A figure is written in digits: number words are no figure, and Persian's commonest words are
   * among them («یک», "a"; «دو» in «هر دو», "both").
   */
  private static boolean hasDigit(String text) {
    return text.chars().anyMatch(Character::isDigit);
  }

  /** The superlatives and ordinals of a question's folded words, each joined to one word. */
  static List<String> superlatives(List<String> words) {
    var found = new ArrayList<String>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.equals(SUPERLATIVE) && i > 0 && Stems.isArabicScript(words.get(i - 1))) {
        found.add(words.get(i - 1) + SUPERLATIVE);
      } else if (w.endsWith(SUPERLATIVE) && w.length() > SUPERLATIVE.length() + 1) {
        found.add(w);
      } else if (ORDINALS.stream().anyMatch(o -> o.contains(w)) && !w.equals("اول")) {
        // «اول» alone is also "at first", "beginning": it is only a form a passage may use
        found.add(w);
      }
    }
    return found;
  }

  /**
   * The symbols a question names. A capitalised word of two or three letters counts only inside a
   * sentence: "Kc" in "what Kc does …", not "How" or "Dry" starting one.
   */
  static List<String> symbols(String text) {
    var out = new ArrayList<String>();
    boolean starts = true;
    for (String token : text.split("\\s+")) {
      String t = token.replaceAll("^[(«\"]+|[.,،;:?؟!)»\"]+$", "");
      String lower = t.toLowerCase(java.util.Locale.ROOT);
      boolean shortWord =
          t.length() <= 3 && t.substring(1).chars().allMatch(Character::isLowerCase);
      if (SYMBOL.matcher(t).matches()
          && !(shortWord && starts)
          && !FunctionWords.contains(lower)
          && !Clauses.QUESTION_WORDS.get("en").contains(lower)) {
        out.add(t);
      }
      starts = token.matches(".*[.?؟!:]$");
    }
    return out;
  }

  /** An Arabic present-tense verb: «ي» or «ت» before three letters or more, no feminine ending. */
  private static boolean arabicVerb(String word) {
    return word.length() >= 4
        && (word.startsWith("ی") || word.startsWith("ت"))
        && !word.endsWith("ه");
  }

  /** The word a how-many question counts ("islands" in "how many islands"), if it names one. */
  static Optional<String> counted(List<String> words, String language) {
    for (int i = 0; i + 1 < words.size(); i++) {
      String w = words.get(i);
      int next =
          switch (language) {
            case "en" -> w.equals("how") && words.get(i + 1).equals("many") ? i + 2 : -1;
            // «چند» and «چندتا» ask how many; «چندمین» (the how-manieth) asks for a rank
            case "fa" -> w.equals("چند") || w.equals("چندتا") ? i + 1 : -1;
            // Arabic «كم» is "how many" (folded to «کم», which in Persian means "little")
            // «كم يحتاج», «كم تخسر»: a verb after it asks how much, it counts nothing
            case "ar" -> w.equals("کم") && !arabicVerb(words.get(i + 1)) ? i + 1 : -1;
            default -> -1;
          };
      if (next > 0 && next < words.size() && !FunctionWords.contains(words.get(next))) {
        return Optional.of(words.get(next));
      }
    }
    return Optional.empty();
  }
}
