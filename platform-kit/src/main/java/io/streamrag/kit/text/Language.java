package io.streamrag.kit.text;

/**
 * The language of one message or document: Persian ({@code fa}), Arabic ({@code ar}) or English
 * ({@code en}). Arabic script is not always Persian, so a text mostly in that script is weighed for
 * what only one of the two languages has ({@link ScriptEvidence}): letters (Persian پ چ ژ گ and its
 * own forms of yeh and kaf; Arabic ة, ى and its forms), frequent function words, the definite
 * article, Persian or Arabic-Indic digits, the zero-width non-joiner, vowel marks.
 *
 * <p>Latin acronyms and units inside an Arabic-script sentence ({@code ET0}, {@code NPK}, {@code
 * pH}) do not make it English: only Latin words that read as words count against the script. With
 * no evidence either way an Arabic-script text is Persian, the platform's first language and what
 * it was taken for before Arabic was told apart.
 */
public final class Language {

  public static final String PERSIAN = "fa";
  public static final String ARABIC = "ar";
  public static final String ENGLISH = "en";

  private Language() {}

  /** {@code fa}, {@code ar} or {@code en}; {@code en} for a text without Arabic-script letters. */
  public static String detect(String text) {
    if (text == null || !mostlyArabicScript(text)) {
      return ENGLISH;
    }
    var evidence = ScriptEvidence.of(text);
    return evidence.arabic() > evidence.persian() ? ARABIC : PERSIAN;
  }

  /** True for the two languages written in Arabic script. */
  public static boolean isArabicScript(String language) {
    return PERSIAN.equals(language) || ARABIC.equals(language);
  }

  /**
   * More Arabic-script letters than Latin letters, not counting Latin tokens that are acronyms,
   * units or formulas: with a digit, or a capital letter after the first (ET0, NPK, pH, dS).
   */
  static boolean mostlyArabicScript(String text) {
    int arabic = 0;
    int latin = 0;
    int i = 0;
    while (i < text.length()) {
      int c = text.codePointAt(i);
      if (isLatinLetterOrDigit(c)) {
        int end = i;
        boolean technical = false;
        int letters = 0;
        while (end < text.length() && isLatinLetterOrDigit(text.codePointAt(end))) {
          int d = text.codePointAt(end);
          technical |= Character.isDigit(d) || end > i && Character.isUpperCase(d);
          letters += Character.isLetter(d) ? 1 : 0;
          end += Character.charCount(d);
        }
        latin += technical ? 0 : letters;
        i = end;
        continue;
      }
      if (ScriptEvidence.isArabicScriptLetter(c)) {
        arabic++;
      }
      i += Character.charCount(c);
    }
    return arabic > 0 && arabic > latin;
  }

  private static boolean isLatinLetterOrDigit(int c) {
    return c < 0x0250 && (Character.isLetter(c) || c >= '0' && c <= '9');
  }
}
