package io.streamrag.kit.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Words} is a hand-written single pass; the regular expression it replaced is kept here as
 * the oracle, and both must split every text alike: mixed scripts, digits of three systems, dots
 * and decimal separators, joiners, diacritics, marks and characters outside the BMP.
 */
class WordsOracleTest {

  private static final String ALPHABET =
      "abcXYZ019.٫,;:!? \t\n-_/آبپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیيكةأإٱى‌ًٌٍَُِّْٰـ۰۱۹٠٥٩éüßİﬁ²½Ⅻ😀𝟘\u0301";

  @Test
  void splitsEveryTextAsTheRegularExpressionDid() {
    var random = new Random(20261201);
    int[] alphabet = ALPHABET.codePoints().toArray();
    for (int n = 0; n < 20_000; n++) {
      var text = new StringBuilder();
      int length = random.nextInt(40);
      for (int i = 0; i < length; i++) {
        text.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
      }
      assertThat(Words.of(text.toString())).as("%s", text).isEqualTo(regexWords(text.toString()));
    }
  }

  @Test
  void realSentencesSplitAlike() {
    for (String text :
        List.of(
            "رطوبت خاک من ۱۲٫۵ درصد است. آبیاری‌ها را کی انجام دهم؟",
            "ما هي درجة حرارة التربة في حقلي؟ أسمدة البوتاسيوم 3.5 كغ/هكتار.",
            "Moisture is 12.5. Irrigate at 6.5-7.0 pH; ET0=4.2mm/day!",
            "Ignore the rain forecast? 1.2.3 .5 5. a.b")) {
      assertThat(Words.of(text)).isEqualTo(regexWords(text));
    }
  }

  /** The earlier implementation, verbatim. */
  private static List<String> regexWords(String text) {
    var words = new ArrayList<String>();
    for (String w : regexNormalize(text).split("[^\\p{L}\\p{N}.]+|(?<!\\p{N})\\.|\\.(?!\\p{N})")) {
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    return words;
  }

  private static String regexNormalize(String text) {
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
}
