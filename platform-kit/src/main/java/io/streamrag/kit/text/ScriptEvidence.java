package io.streamrag.kit.text;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How Persian and how Arabic an Arabic-script text looks, word by word. Strong evidence (2): a
 * letter only Persian has (پ چ ژ گ), ة, a function word of one language only. Weaker (1): ى, the
 * Arabic article or a conjunction glued to a function word, Persian or Arabic-Indic digits, the
 * zero-width non-joiner, a farming word of one language only. Weakest (0.5): the letter forms of
 * yeh and kaf (keyboards mix them up: Persian typed on an Arabic layout has ي and ك), hamza on alef
 * or waw, vowel marks other than the tanvin Persian uses in adverbs (معمولاً).
 *
 * <p>Words both languages use often are left out: من (Persian "I", Arabic "from"), ما ("we",
 * "what"), به, کم, حتی, بعد, قبل, بین, فقط, کل, الی.
 */
final class ScriptEvidence {

  record Score(double persian, double arabic) {}

  private static final Set<String> PERSIAN_WORDS =
      folded(
          "است", "هست", "نیست", "هستند", "را", "می", "نمی", "های", "ها", "این", "آن", "که", "چه",
          "چی", "چیست", "چرا", "چطور", "چگونه", "چقدر", "چند", "کدام", "برای", "از", "در", "با",
          "تا", "یک", "هم", "اگر", "ولی", "اما", "باید", "شود", "شده", "کنم", "کنیم", "کنید", "کند",
          "دارد", "دارم", "داریم", "بود", "آیا", "خود", "شما", "او", "یا", "وقتی", "الان");

  private static final Set<String> ARABIC_WORDS =
      folded(
          "في", "على", "إلى", "عن", "مع", "هل", "هو", "هي", "كيف", "ماذا", "لماذا", "متى", "أين",
          "هذا", "هذه", "ذلك", "تلك", "التي", "الذي", "الذين", "أن", "إن", "أو", "لا", "لم", "لن",
          "ليس", "كان", "كانت", "يكون", "تكون", "يمكن", "يجب", "ينبغي", "عند", "عندما", "ثم", "لكن",
          "أي", "أنا", "نحن", "إذا", "اذا", "منذ", "بعض", "أفضل", "أكثر", "جدا", "هناك", "أيضا",
          "لذلك", "كيفية", "الآن");

  private static final Set<String> PERSIAN_FARMING =
      folded(
          "کود", "خاک", "آبیاری", "گیاه", "رطوبت", "شوری", "تبخیر", "تعرق", "نیتروژن", "پتاسیم",
          "فسفر", "زمین", "باغ", "گندم", "آب", "محصولات");

  private static final Set<String> ARABIC_FARMING =
      folded(
          "سماد",
          "أسمدة",
          "تسميد",
          "تربة",
          "مياه",
          "ماء",
          "سقي",
          "رطوبة",
          "ملوحة",
          "نيتروجين",
          "بوتاسيوم",
          "فوسفور",
          "محاصيل",
          "تبخر",
          "نتح",
          "زراعة",
          "حقل",
          "حقلي",
          "مزرعتي");

  /** Persian words that begin like the Arabic article: no evidence of Arabic. */
  private static final String[] PERSIAN_AL = {
    "الان", "البته", "الکتر", "الگو", "الهام", "الف", "الیاف", "الماس", "الزام", "الویت", "والدین"
  };

  private ScriptEvidence() {}

  static Score of(String text) {
    double persian = 0;
    double arabic = 0;
    for (String word : text.split("[^\\p{L}\\p{M}\\p{N}]+")) {
      if (word.isEmpty()) {
        continue;
      }
      String f = fold(word);
      persian += has(word, "پچژگ") ? 2 : 0;
      persian += has(word, "یک") ? 0.5 : 0;
      persian += has(word, "۰۱۲۳۴۵۶۷۸۹") ? 1 : 0;
      persian += PERSIAN_WORDS.contains(f) ? 2 : 0;
      persian += PERSIAN_FARMING.contains(f) ? 1 : 0;
      arabic += has(word, "ة") ? 2 : 0;
      arabic += has(word, "ى") ? 1 : 0;
      arabic += has(word, "يك") ? 0.5 : 0;
      arabic += has(word, "أإؤ") ? 0.5 : 0;
      arabic += has(word, "\u064c\u064d\u064e\u064f\u0650\u0651\u0652") ? 0.5 : 0;
      arabic += has(word, "٠١٢٣٤٥٦٧٨٩") ? 1 : 0;
      arabic += ARABIC_WORDS.contains(f) ? 2 : 0;
      arabic +=
          f.length() > 2 && f.startsWith("و") && ARABIC_WORDS.contains(f.substring(1)) ? 1 : 0;
      arabic += ARABIC_FARMING.contains(f) ? 1 : 0;
      arabic += hasArticle(f) ? 1 : 0;
    }
    persian += text.chars().filter(c -> c == '\u200c').count();
    return new Score(persian, arabic);
  }

  /** Begins with ال (or وال, لل) before at least two letters, and is no Persian word like الگو. */
  private static boolean hasArticle(String f) {
    boolean article =
        f.startsWith("ال") && f.length() >= 4
            || f.startsWith("وال") && f.length() >= 5
            || f.startsWith("لل") && f.length() >= 4;
    if (!article) {
      return false;
    }
    for (String persian : PERSIAN_AL) {
      if (f.startsWith(persian)) {
        return false;
      }
    }
    return true;
  }

  /** A letter of the Arabic script (Persian, Arabic and their presentation forms). */
  static boolean isArabicScriptLetter(int c) {
    return Character.isLetter(c)
        && (c >= 0x0600 && c <= 0x06FF
            || c >= 0x0750 && c <= 0x077F
            || c >= 0xFB50 && c <= 0xFDFF
            || c >= 0xFE70 && c <= 0xFEFF);
  }

  /**
   * Yeh, kaf and teh marbuta in one form, vowel marks and tatweel removed; hamza kept (أين "where"
   * is not این "this").
   */
  static String fold(String word) {
    var out = new StringBuilder(word.length());
    word.codePoints()
        .forEach(
            c -> {
              if (c == 'ي' || c == 'ى') {
                out.append('ی');
              } else if (c == 'ك') {
                out.append('ک');
              } else if (c == 'ة') {
                out.append('ه');
              } else if (!(c >= 0x064B && c <= 0x065F) && c != 0x0670 && c != 0x0640) {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }

  private static boolean has(String word, String letters) {
    return word.chars().anyMatch(c -> letters.indexOf(c) >= 0);
  }

  private static Set<String> folded(String... words) {
    return Stream.of(words).map(ScriptEvidence::fold).collect(Collectors.toUnmodifiableSet());
  }
}
