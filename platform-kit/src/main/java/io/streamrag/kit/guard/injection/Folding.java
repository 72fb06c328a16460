package io.streamrag.kit.guard.injection;

import java.text.Normalizer;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds the many spellings of one text into one, so a pattern or an n-gram written once matches
 * them all. In order: Unicode compatibility forms (NFKC: fullwidth and mathematical letters,
 * ligatures), invisible format characters dropped (zero-width spaces and joiners, the zero-width
 * non-joiner, soft hyphen, bidi controls), diacritics dropped (Latin accents, Arabic tashkeel,
 * hamza and madda on their carriers), tatweel dropped, Arabic letter forms folded to Persian (ي ى →
 * ی, ك → ک, ة → ه), Persian and Arabic-Indic digits made Latin, Turkish dotless ı read as i,
 * Cyrillic and Greek look-alikes made Latin inside a word that also holds Latin letters ({@code
 * іgnоrе}; a Russian word stays Russian, so Russian patterns can match it), lower case, a dot,
 * underscore or plus between two letters read as a space ({@code ignore_previous}), light leetspeak
 * inside words that mix letters and digits ({@code 1gn0r3} → {@code ignore}), letters spaced apart
 * joined again ({@code i g n o r e}; a wider gap between them ends a word), whitespace collapsed.
 *
 * <p>For detection only: the folded text is never shown or sent on.
 */
public final class Folding {

  private Folding() {}

  private static final Pattern MARKS = Pattern.compile("\\p{M}+");
  private static final Pattern FORMAT = Pattern.compile("[\\p{Cf}\\u0640]");
  private static final Pattern WORD = Pattern.compile("\\S+");
  private static final Pattern SPACED =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])\\p{L}(?:[ .\\-_*]\\p{L}(?![\\p{L}\\p{N}])){3,}",
          Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern DOTTED =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}.\\-_*])\\p{L}(?:[.\\-_*]\\p{L}){1,}(?![\\p{L}\\p{N}])",
          Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern GLUE =
      Pattern.compile("(?<=\\p{L})[._+](?=\\p{L})", Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern SPACES = Pattern.compile("[\\p{Zs}\\t\\x0B\\f\\r]+");
  private static final Pattern NEWLINES = Pattern.compile(" ?\\n[\\s]*");

  /** Look-alikes of Latin letters, by code point; our languages never write them. */
  private static final String HOMOGLYPHS_FROM = "аеорсухіјѕԁɡοαειкνρτυχвмнт";

  private static final String HOMOGLYPHS_TO = "aeopcyxijsdgoaeikvptuxbmht";
  private static final String LEET_FROM = "013457@$";
  private static final String LEET_TO = "oieastas";

  /** The folded text: what every layer reads. */
  public static String fold(String text) {
    return leet(letters(text));
  }

  /**
   * The letter forms of a pattern written by people (no case, leetspeak or spacing changes, which
   * would alter the regex), so {@code التعليمات} in a pattern matches {@code التعلیمات} in a
   * message.
   */
  static String patternLetters(String regex) {
    return mapLetters(withoutMarks(regex));
  }

  /** Letter forms, case and spacing; line breaks kept, as a fake turn starts a line. */
  static String letters(String text) {
    String s = withoutMarks(Normalizer.normalize(text, Normalizer.Form.NFKC));
    s = lookAlikes(mapLetters(s.toLowerCase(Locale.ROOT)));
    // letters joined by dots or dashes, the words by spaces («ت.ج.ا.ه.ل ك.ل»): each run a word
    s =
        DOTTED
            .matcher(s)
            .replaceAll(r -> Matcher.quoteReplacement(r.group().replaceAll("[.\\-_*]", "")));
    s = GLUE.matcher(s).replaceAll(" ");
    // before the spaces collapse: a wider gap between spaced letters is where a word ends
    s = joinSpacedLetters(s);
    return NEWLINES.matcher(SPACES.matcher(s).replaceAll(" ")).replaceAll("\n").strip();
  }

  private static String withoutMarks(String s) {
    s = FORMAT.matcher(s).replaceAll("");
    s = MARKS.matcher(Normalizer.normalize(s, Normalizer.Form.NFD)).replaceAll("");
    return Normalizer.normalize(s, Normalizer.Form.NFC);
  }

  private static String mapLetters(String s) {
    var out = new StringBuilder(s.length());
    s.codePoints().forEach(c -> out.appendCodePoint(letter(c)));
    return out.toString();
  }

  private static int letter(int c) {
    if (c == 'ي' || c == 'ى') {
      return 'ی';
    } else if (c == 'ك') {
      return 'ک';
    } else if (c == 'ة') {
      return 'ه';
    } else if (c == 'ٱ') {
      return 'ا';
    } else if (c >= '۰' && c <= '۹') {
      return '0' + c - '۰';
    } else if (c >= '٠' && c <= '٩') {
      return '0' + c - '٠';
    } else if (c == 'ß') {
      return 's';
    } else if (c == 'ı') {
      return 'i';
    }
    return c;
  }

  /**
   * Cyrillic and Greek look-alikes made Latin in each word that mixes them with Latin letters: an
   * attack spelled with a few Cyrillic letters is one of those words, a Russian word is not.
   */
  private static String lookAlikes(String text) {
    return eachWord(
        text, w -> w.chars().anyMatch(c -> c >= 'a' && c <= 'z'), HOMOGLYPHS_FROM, HOMOGLYPHS_TO);
  }

  /** Digits and symbols read as letters, only inside a word that also has letters. */
  private static String leet(String text) {
    return eachWord(text, w -> w.codePoints().anyMatch(Character::isLetter), LEET_FROM, LEET_TO);
  }

  /**
   * Each word that {@code qualifies} and holds a character of {@code from}, with those characters
   * replaced by the ones at the same place in {@code to}.
   */
  private static String eachWord(String text, Predicate<String> qualifies, String from, String to) {
    Matcher m = WORD.matcher(text);
    var out = new StringBuilder(text.length());
    while (m.find()) {
      String word = m.group();
      if (word.chars().anyMatch(c -> from.indexOf(c) >= 0) && qualifies.test(word)) {
        var folded = new StringBuilder(word.length());
        for (char c : word.toCharArray()) {
          int i = from.indexOf(c);
          folded.append(i >= 0 ? to.charAt(i) : c);
        }
        word = folded.toString();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(word));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** Four or more single letters with one separator between each become one word. */
  private static String joinSpacedLetters(String text) {
    return SPACED
        .matcher(text)
        .replaceAll(r -> Matcher.quoteReplacement(r.group().replaceAll("[ .\\-_*]", "")));
  }
}
