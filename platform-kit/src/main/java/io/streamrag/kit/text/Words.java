package io.streamrag.kit.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits Persian and English text into comparable words: lower-cased, Arabic letter forms folded to
 * Persian (ي→ی, ك→ک, ة→ه), diacritics and the zero-width non-joiner removed, Persian and Arabic
 * digits made Latin. For matching keywords and overlap, not for search (the index analyses text
 * itself).
 */
public final class Words {

  private Words() {}

  /** The words of a text, in order. */
  public static List<String> of(String text) {
    var words = new ArrayList<String>();
    for (String w : normalize(text).split("[^\\p{L}\\p{N}.]+|(?<!\\p{N})\\.|\\.(?!\\p{N})")) {
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    return words;
  }

  /** The text with letter forms, digits, case and joiners normalised. */
  public static String normalize(String text) {
    var out = new StringBuilder(text.length());
    Normalizer.normalize(text, Normalizer.Form.NFKC)
        .toLowerCase(Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              if (c == 'ي' || c == 'ى') {
                out.append('ی');
              } else if (c == 'ك') {
                out.append('ک');
              } else if (c == 'ة') {
                out.append('ه');
              } else if (c >= '۰' && c <= '۹') {
                out.append((char) ('0' + c - '۰'));
              } else if (c >= '٠' && c <= '٩') {
                out.append((char) ('0' + c - '٠'));
              } else if (c == '٫') {
                out.append('.');
              } else if (c != '\u200c' && !(c >= 0x064B && c <= 0x065F) && c != 0x0670) {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }

  /** True when most letters of the text are in the Arabic script (Persian, Arabic). */
  public static boolean isArabicScript(String text) {
    long arabic = text.codePoints().filter(c -> c >= 0x0600 && c <= 0x06FF).count();
    long letters = text.codePoints().filter(Character::isLetter).count();
    return letters > 0 && arabic * 2 > letters;
  }
}
