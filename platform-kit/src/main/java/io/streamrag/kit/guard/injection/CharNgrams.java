package io.streamrag.kit.guard.injection;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The character trigrams of a folded text, counted word by word with a boundary mark on each side
 * ({@code _dan_} gives {@code _da}, {@code dan}, {@code an_}). Trigrams carry across Persian and
 * Arabic prefixes and suffixes, and across inflections of the European languages, without a stemmer
 * per language.
 */
final class CharNgrams {

  private CharNgrams() {}

  private static final Pattern NON_WORD =
      Pattern.compile("[^\\p{L}\\p{N}]+", Pattern.UNICODE_CHARACTER_CLASS);

  /** Trigram counts of a folded text. */
  static Map<String, Integer> of(String folded) {
    var counts = new HashMap<String, Integer>();
    for (String word : NON_WORD.split(folded)) {
      if (word.isEmpty()) {
        continue;
      }
      String padded = "_" + word + "_";
      int[] cps = padded.codePoints().toArray();
      for (int i = 0; i + 3 <= cps.length; i++) {
        counts.merge(new String(cps, i, 3), 1, Integer::sum);
      }
    }
    return counts;
  }
}
