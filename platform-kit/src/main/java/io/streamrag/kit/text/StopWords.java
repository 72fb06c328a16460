package io.streamrag.kit.text;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Function words of questions in Persian, Arabic and English: what is left out when the words that
 * carry a question's topic are wanted (matching, follow-up rewriting). Held normalised as {@link
 * Words#of} returns words, so Arabic letter forms match their Persian folds.
 */
public final class StopWords {

  private static final Set<String> ALL = new HashSet<>();

  static {
    add(
        "the a an is are was were be been of to in on at for from by with about my your our their"
            + " it its this that these those what which who whom whose when where why how and or"
            + " but if then so do does did can could should would will shall may might must i you"
            + " we they he she me us them any some much many more most also too very just there"
            + " here please tell give show explain");
    add(
        "من تو او ما شما آنها این آن که را به در از با برای تا و یا اما اگر است هست نیست بود"
            + " باشد شود می‌شود چه چی چیست چطور چگونه کی کجا چرا چقدر چند آیا هم نیز روی زیر بر"
            + " های ها یک دیگر همین همان بله لطفا بگو بگویید توضیح");
    add(
        "في من إلى على عن مع هل ما ماذا كيف كم متى أين لماذا هذا هذه ذلك تلك التي الذي الذين"
            + " هو هي هم نحن أنا أنت و أو ثم لكن إذا قد لقد كان كانت يكون تكون ليس لا نعم عند"
            + " كل بعض أي أيضا فقط من فضلك");
  }

  private StopWords() {}

  /** True for a function word (given as {@link Words#of} returns it). */
  public static boolean contains(String word) {
    return ALL.contains(word);
  }

  /**
   * The words of {@code text} that carry its topic, in order, each once, as written (a word is
   * compared in its {@link Words#of} form, and returned in its own).
   */
  public static List<String> contentWords(String text) {
    var seen = new java.util.LinkedHashMap<String, String>();
    for (String written : text.split("[^\\p{L}\\p{N}\\p{M}\\u200c.]+")) {
      String w = written.replaceAll("^\\.+|\\.+$", "");
      List<String> normal = Words.of(w);
      if (normal.size() == 1 && normal.get(0).length() > 1 && !ALL.contains(normal.get(0))) {
        seen.putIfAbsent(normal.get(0), w);
      }
    }
    return List.copyOf(seen.values());
  }

  private static void add(String words) {
    for (String w : words.split(" ")) {
      ALL.addAll(Words.of(w));
    }
  }
}
