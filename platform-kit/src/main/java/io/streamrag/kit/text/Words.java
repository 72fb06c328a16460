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

  /**
   * The words of a text, in order: maximal runs of letters and digits (Unicode categories L and N),
   * a dot kept only between two digits (12.5), everything else a separator. One pass over the
   * normalised text: this runs on every passage of every answer.
   */
  public static List<String> of(String text) {
    String n = normalize(text);
    var words = new ArrayList<String>();
    int start = -1;
    for (int i = 0; i < n.length(); ) {
      int c = n.codePointAt(i);
      int width = Character.charCount(c);
      boolean inWord =
          isLetterOrNumber(c)
              || c == '.'
                  && i > 0
                  && isNumber(n.codePointBefore(i))
                  && i + 1 < n.length()
                  && isNumber(n.codePointAt(i + 1));
      if (inWord && start < 0) {
        start = i;
      } else if (!inWord && start >= 0) {
        words.add(n.substring(start, i));
        start = -1;
      }
      i += width;
    }
    if (start >= 0) {
      words.add(n.substring(start));
    }
    return words;
  }

  private static boolean isLetterOrNumber(int c) {
    return Character.isLetter(c) || isNumber(c);
  }

  /** Unicode category N: decimal digits, letter numbers and other numbers, as regex's \p{N}. */
  private static boolean isNumber(int c) {
    if (c >= '0' && c <= '9') {
      return true;
    }
    int type = Character.getType(c);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  /** The text with letter forms, digits, case and joiners normalised. */
  public static String normalize(String text) {
    String composed =
        Normalizer.isNormalized(text, Normalizer.Form.NFKC)
            ? text
            : Normalizer.normalize(text, Normalizer.Form.NFKC);
    String lower = composed.toLowerCase(Locale.ROOT);
    var out = new StringBuilder(lower.length());
    for (int i = 0; i < lower.length(); ) {
      int c = lower.codePointAt(i);
      i += Character.charCount(c);
      if (c < 0x0600) { // Latin and the rest below the Arabic block: kept as they are
        out.appendCodePoint(c);
      } else if (c == 'ي' || c == 'ى') {
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
      } else if (c != '\u200c' && !(c >= 0x064B && c <= 0x065F) && c != 0x0670 && c != 0x0640) {
        out.appendCodePoint(c);
      }
    }
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
