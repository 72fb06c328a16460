package io.streamrag.llm.evidence;

import io.streamrag.kit.text.Words;
import java.util.ArrayList;
import java.util.List;

/**
 * Words made comparable across the forms a question and a passage use: {@link Words} normalisation
 * plus the folds typing leaves to chance (آ/ا, ۀ/ه, ؤ/و, ئ/ی), the Arabic article and glued
 * particles, and a light suffix stemmer per script. Light on purpose: an entity check must tell
 * "maize" from "wheat", so stems only drop plural, possessive and derivational endings, never cut
 * words to a fixed length as the index's Persian analysis does.
 */
final class Stems {

  private static final String[] ENGLISH = {
    "ational", "ations", "ation", "ings", "ing", "ied", "ies", "ers", "er", "ed", "es", "ly", "s",
    "e"
  };
  private static final String[] PERSIAN = {
    "هایشان", "هایش", "هایی", "های", "ها", "ترین", "تر", "یان", "ان", "ات", "اش", "ی", "ه"
  };
  private static final String[] ARABIC = {"یات", "یه", "ات", "ون", "ین", "ان", "ها", "ه", "ی"};

  private Stems() {}

  /** The normalised words of a text, in order, with the Arabic article dropped. */
  static List<String> words(String text) {
    var out = new ArrayList<String>();
    for (String w : Words.of(text)) {
      String f = fold(w);
      if (!f.isEmpty()) {
        out.add(f);
      }
    }
    return out;
  }

  /** One normalised word with the folds of {@link #words}. */
  static String fold(String word) {
    String w = word.replace('آ', 'ا').replace('ۀ', 'ه').replace('ؤ', 'و').replace('ئ', 'ی');
    return isArabicScript(w) ? Words.withoutArabicArticle(w) : w;
  }

  /** The light stem of a folded word. */
  static String of(String word) {
    String[] suffixes = isArabicScript(word) ? PERSIAN_AND_ARABIC : ENGLISH;
    int least = isArabicScript(word) ? 3 : 4;
    for (String s : suffixes) {
      if (word.endsWith(s) && word.length() - s.length() >= least) {
        return word.substring(0, word.length() - s.length());
      }
    }
    return word;
  }

  /** Both suffix lists: a passage's language is not always its words' language. */
  private static final String[] PERSIAN_AND_ARABIC = merge(PERSIAN, ARABIC);

  private static String[] merge(String[] a, String[] b) {
    var all = new ArrayList<>(List.of(a));
    for (String s : b) {
      if (!all.contains(s)) {
        all.add(s);
      }
    }
    all.sort((x, y) -> y.length() - x.length());
    return all.toArray(String[]::new);
  }

  static boolean isArabicScript(String word) {
    return !word.isEmpty() && word.charAt(0) >= 0x0600 && word.charAt(0) <= 0x06FF;
  }

  /**
   * Whether two stems are of the same word: equal, or one the start of the other (irrig-ation,
   * irrigat-e) when the shorter keeps at least five letters; four would make نیتر-ات (nitrate) the
   * start of نیتروژن (nitrogen).
   */
  static boolean same(String a, String b) {
    if (a.equals(b)) {
      return true;
    }
    String shorter = a.length() <= b.length() ? a : b;
    String longer = shorter == a ? b : a;
    return shorter.length() >= 5 && longer.startsWith(shorter);
  }
}
