package io.streamrag.kit.guard.injection;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A folded message with its misspelled attack words spelled right: a Latin word of six letters or
 * more that is one typing slip (a letter added, dropped, changed, or two swapped) from a word
 * attacks are made of ({@code ignroe}, {@code prevoius}, {@code instrucitons}, {@code guidlines})
 * becomes that word. Only those words, and only long ones: the patterns still need their second
 * cue, so a farmer's typo in "previus crop" meets the same rules as "previous crop". Chat shorthand
 * ({@code u}, {@code ur}, {@code r}, {@code pls}) is written out, as the words beside them.
 */
final class Respelled {

  /** Words whose slips are read as them: the verbs and nouns of instruction overrides. */
  private static final List<String> WORDS =
      List.of(
          "ignore",
          "ignoring",
          "disregard",
          "forget",
          "override",
          "bypass",
          "previous",
          "prior",
          "instructions",
          "instruction",
          "guidelines",
          "directives",
          "restrictions",
          "system",
          "prompt",
          "reveal",
          "pretend",
          "jailbreak",
          "developer",
          "unrestricted",
          "unfiltered",
          "instrucciones",
          "anteriores",
          "ignora",
          "olvida",
          "talimatlari",
          "onceki");

  private static final Pattern WORD = Pattern.compile("[a-z]{5,}");

  /**
   * Chat shorthand for the words the patterns pair with attack words ("the rules u were given").
   */
  private static final Map<String, String> SHORTHAND =
      Map.of("u", "you", "ur", "your", "r", "are", "pls", "please", "plz", "please");

  private static final Pattern SHORT = Pattern.compile("\\b(?:u|ur|r|pls|plz)\\b");

  private Respelled() {}

  /** The text with each slip spelled right; the text itself when it has none. */
  static String of(String folded) {
    Matcher m = WORD.matcher(SHORT.matcher(folded).replaceAll(r -> SHORTHAND.get(r.group())));
    var out = new StringBuilder(folded.length());
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(respell(m.group())));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String respell(String word) {
    if (WORDS.contains(word)) {
      return word;
    }
    for (String w : WORDS) {
      if (w.length() >= 6 && oneSlip(word, w)) {
        return w;
      }
    }
    return word;
  }

  /** Damerau-Levenshtein distance 1: one letter inserted, deleted, substituted or transposed. */
  static boolean oneSlip(String a, String b) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < la && i < lb && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (la == lb) {
      if (a.substring(i + 1).equals(b.substring(i + 1))) {
        return true;
      }
      return i + 1 < la
          && a.charAt(i) == b.charAt(i + 1)
          && a.charAt(i + 1) == b.charAt(i)
          && a.substring(i + 2).equals(b.substring(i + 2));
    }
    return la > lb
        ? a.substring(i + 1).equals(b.substring(i))
        : a.substring(i).equals(b.substring(i + 1));
  }
}
