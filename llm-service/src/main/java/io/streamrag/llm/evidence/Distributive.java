package io.streamrag.llm.evidence;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question asked of each thing a choice before it compared (S3.1): "Which tolerates more salt,
 * barley or tomato? What is the threshold of each?", «آستانه هر کدوم چنده؟», «وكم النسبة لكل
 * منهما؟». It is asked once per side, the side in place of "each".
 */
final class Distributive {

  private Distributive() {}

  /** "each", "both", «هر کدام», «هر دو», «لكل منهما», «كلاهما»: once for every side before. */
  private static final Pattern DISTRIBUTIVE =
      Pattern.compile(
          "\\b(?:each(?: of (?:them|the two))?|both(?: of them)?|either(?: of them)?)\\b"
              + "|هر\\s*(?:کدام|کدوم|دو)|ل?[كک]ل\\s+منهما|[كک]لاهما|[كک]ليهما|[كک]لیهما",
          Pattern.CASE_INSENSITIVE);

  static boolean asks(String clause) {
    return DISTRIBUTIVE.matcher(clause).find();
  }

  /** The clause asked of one side: its "each" replaced by the side. */
  static Splitter.Split of(String clause, String side) {
    return new Splitter.Split(
        DISTRIBUTIVE.matcher(clause).replaceFirst(Matcher.quoteReplacement(side)), side);
  }
}
