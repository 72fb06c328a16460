package io.streamrag.kit.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits Persian, Arabic and English text into comparable words: lower-cased, Arabic letter forms
 * folded to Persian (ي→ی, ك→ک, ى→ی, ة→ه), hamza on alef dropped (أ إ ٱ→ا, as Arabic is often typed
 * and Persian spells تأثیر or تاثیر), diacritics, tatweel and the zero-width non-joiner removed,
 * Persian and Arabic digits made Latin. For matching keywords and overlap, not for search (the
 * index analyses text itself), and never applied to text that is shown: passages keep their ZWNJ.
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
              } else if (c == 'أ' || c == 'إ' || c == 'ٱ') {
                out.append('ا');
              } else if (c >= '۰' && c <= '۹') {
                out.append((char) ('0' + c - '۰'));
              } else if (c >= '٠' && c <= '٩') {
                out.append((char) ('0' + c - '٠'));
              } else if (c == '٫') {
                out.append('.');
              } else if (c != '\u200c'
                  && !(c >= 0x064B && c <= 0x065F)
                  && c != 0x0670
                  && c != 0x0640) {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }

  /**
   * A normalised Arabic word without the article and the particle glued before it (ال, وال, فال,
   * بال, کال, لل): «والری» and «الری» become «ری», «للهکتار» «هکتار». Only for Arabic text: Persian
   * words such as الگو or بالا would lose letters. At least two letters are always kept.
   */
  public static String withoutArabicArticle(String word) {
    for (String prefix : ARTICLES) {
      if (word.startsWith(prefix) && word.length() - prefix.length() >= 2) {
        return word.substring(prefix.length());
      }
    }
    return word;
  }

  /** Longest first, in normalised letters (ك is folded to ک). */
  private static final String[] ARTICLES = {"وال", "فال", "بال", "کال", "لل", "ال"};

  /**
   * The script only; for the language (Persian, Arabic or English) use {@link Language#detect}.
   * True when most letters of the text are in the Arabic script (Persian, Arabic).
   */
  public static boolean isArabicScript(String text) {
    long arabic = text.codePoints().filter(c -> c >= 0x0600 && c <= 0x06FF).count();
    long letters = text.codePoints().filter(Character::isLetter).count();
    return letters > 0 && arabic * 2 > letters;
  }
}
