package io.streamrag.llm.evidence;

import com.github.benmanes.caffeine.cache.Cache;
import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.guard.injection.Detection;
import io.streamrag.kit.text.TextKeyed;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A passage read for judging: the light stems of its words, whole and sentence by sentence, to tell
 * whether it holds a term, and where the terms of a question meet.
 *
 * <p>Read once and kept ({@link #of}): a knowledge base's passages come back chat after chat, and
 * reading one (splitting, normalising and stemming every word) was the largest share of
 * llm-service's CPU per chat (JFR, README "Chat latency"). A read passage is immutable; what it
 * learns about a stem it does not hold exactly (the near-forms of {@link #has}) it keeps too.
 */
final class PassageText {

  /** Sentences looked at together when finding where a question's terms meet. */
  static final int WINDOW = 2;

  /**
   * The passages kept, by their characters: about 400 chunks of 500 tokens. A read passage holds
   * its text, its sentences and their stems, several times the text's size, in a heap of 256 MB
   * (run.sh): a million characters keep it to a few tens of megabytes.
   */
  static final long KEPT_CHARS = 1_000_000;

  /** The near-forms one passage keeps before it forgets them all (a bound, rarely reached). */
  private static final int NEAR_KEPT = 4_096;

  private record Key(String text, String language) {}

  private static final Cache<Key, PassageText> READ =
      TextKeyed.byCharacters(KEPT_CHARS, key -> key.text().length());

  private final String language;
  private final Set<String> stems = new HashSet<>();
  private final Set<String> words = new HashSet<>();
  private final List<String> sentences = new ArrayList<>();
  private final List<Set<String>> sentenceStems = new ArrayList<>();
  private final List<Set<String>> windowStems = new ArrayList<>();
  private final Map<String, List<String>> near = new ConcurrentHashMap<>();
  private final String text;
  private volatile Optional<Detection> instructions;

  /** Screens passages for instructions to the model; read once per passage, as the rest is. */
  private static final PassageScreen SCREEN = PassageScreen.standard();

  /** The passage read, or as read before: the same text and language read the same. */
  static PassageText of(String text, String language) {
    return READ.get(new Key(text, language), key -> new PassageText(key.text(), key.language()));
  }

  /**
   * Reads each sentence's stems once ({@link PassageLines}): the stems of the passage, and of any
   * window of sentences, are their union (the split removes only separators, so no word spans two
   * sentences).
   */
  PassageText(String text, String language) {
    this.text = text;
    this.language = language;
    for (var line : PassageLines.of(text)) {
      sentences.add(line.text());
      words.addAll(line.words());
      joinSuperlatives(line.words());
      sentenceStems.add(line.stems());
      stems.addAll(line.stems());
    }
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      var here = new HashSet<String>();
      sentenceStems.subList(i, i + WINDOW).forEach(here::addAll);
      windowStems.add(here);
    }
  }

  String language() {
    return language;
  }

  /**
   * Why the passage speaks to the model ("Note to the AI assistant: …", an override, a fake turn),
   * or empty: indirect injection, screened once per passage ({@link PassageScreen}).
   */
  Optional<Detection> instructions() {
    Optional<Detection> found = instructions;
    if (found == null) {
      found = SCREEN.inspect(text);
      instructions = found;
    }
    return found;
  }

  /** Whether the passage holds the term in one of its forms. */
  boolean holds(Terms.Term term) {
    return holds(term, stems);
  }

  /**
   * The sentences (and their neighbours, {@link #WINDOW} at a time) where most of the terms meet:
   * where an answer to the question would be written.
   */
  List<String> focus(List<Terms.Term> terms) {
    if (sentences.size() <= WINDOW) {
      return List.of(String.join(" ", sentences));
    }
    var best = new ArrayList<String>();
    int most = -1;
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      String window = String.join(" ", sentences.subList(i, i + WINDOW));
      Set<String> here = windowStems(i);
      int held = (int) terms.stream().filter(t -> holds(t, here)).count();
      if (held > most) {
        most = held;
        best.clear();
      }
      if (held == most) {
        best.add(window);
      }
    }
    return best;
  }

  /** The largest share of the terms held within one window of sentences. */
  double focusShare(List<Terms.Term> terms) {
    double all = terms.stream().mapToDouble(PassageText::weight).sum();
    if (sentences.size() <= WINDOW) {
      return terms.stream().filter(this::holds).mapToDouble(PassageText::weight).sum() / all;
    }
    double most = 0;
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      Set<String> here = windowStems(i);
      most =
          Math.max(
              most,
              terms.stream().filter(t -> holds(t, here)).mapToDouble(PassageText::weight).sum());
    }
    return most / all;
  }

  static double weight(Terms.Term t) {
    return Math.min(8, t.text().length());
  }

  private Set<String> windowStems(int first) {
    return windowStems.get(first);
  }

  /** «بزرگ ترین» written apart is the word «بزرگترین», as a question may write it joined. */
  private void joinSuperlatives(List<String> folded) {
    for (int i = 1; i < folded.size(); i++) {
      if (folded.get(i).equals("ترین")) {
        words.add(folded.get(i - 1) + "ترین");
      }
    }
  }

  /** Whether the passage writes this folded word itself (not a word of the same stem). */
  boolean hasWord(String folded) {
    return words.contains(folded);
  }

  /**
   * Whether the term is held in a window of sentences ({@link #WINDOW}) whose text also passes the
   * test: where a how-many question's counted word and a number are written together.
   */
  boolean holdsWhere(Terms.Term term, Predicate<String> window) {
    if (sentences.size() <= WINDOW) {
      return holds(term) && window.test(String.join(" ", sentences));
    }
    for (int i = 0; i + WINDOW <= sentences.size(); i++) {
      if (holds(term, windowStems(i))
          && window.test(String.join(" ", sentences.subList(i, i + WINDOW)))) {
        return true;
      }
    }
    return false;
  }

  /** Whether one sentence (a line of a table) holds the term and passes the test. */
  boolean holdsInSentence(Terms.Term term, Predicate<String> sentence) {
    for (int i = 0; i < sentences.size(); i++) {
      if (holds(term, sentenceStems.get(i)) && sentence.test(sentences.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a sentence holds the term and passes the test, or passes it right after a sentence that
   * holds the term, naming no subject of its own: a subject said once and then left out («…
   * گوجه‌فرنگی … . نشاها باید … ۱۵ درجه …», a heading and its text).
   */
  boolean holdsInSentenceOrNext(
      Terms.Term term, Predicate<String> sentence, Predicate<String> namesSubject) {
    for (int i = 0; i < sentences.size(); i++) {
      boolean named = holds(term, sentenceStems.get(i));
      boolean carried =
          !named
              && i > 0
              && holds(term, sentenceStems.get(i - 1))
              && !namesSubject.test(sentences.get(i));
      if ((named || carried) && sentence.test(sentences.get(i))) {
        return true;
      }
    }
    return false;
  }

  private boolean holds(Terms.Term term, Set<String> stems) {
    return term.forms().stream().anyMatch(form -> form.stream().allMatch(s -> has(s, stems)));
  }

  /**
   * Equal, of the same word ({@link Stems#same}), or one typing slip away in a long word. The
   * near-forms of a stem (every stem of the passage compared) are found once per passage and stem:
   * a window is part of the passage, so it holds a near-form exactly when it holds one of the
   * passage's.
   */
  private boolean has(String stem, Set<String> among) {
    if (among.contains(stem)) {
      return true;
    }
    List<String> forms = nearForms(stem);
    if (among == stems) {
      return !forms.isEmpty();
    }
    for (String form : forms) {
      if (among.contains(form)) {
        return true;
      }
    }
    return false;
  }

  /** The passage's stems that are near-forms of {@code stem}. */
  private List<String> nearForms(String stem) {
    if (near.size() > NEAR_KEPT) {
      near.clear();
    }
    return near.computeIfAbsent(
        stem,
        asked -> {
          var forms = new ArrayList<String>();
          for (String s : stems) {
            if (Stems.same(asked, s) || asked.length() >= 5 && oneEditApart(asked, s)) {
              forms.add(s);
            }
          }
          return List.copyOf(forms);
        });
  }

  /** A question typed "یونسیف" still names the passage's "یونیسف". */
  static boolean oneEditApart(String a, String b) {
    if (Math.abs(a.length() - b.length()) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    int j = 0;
    while (j < a.length() - i
        && j < b.length() - i
        && a.charAt(a.length() - 1 - j) == b.charAt(b.length() - 1 - j)) {
      j++;
    }
    if (a.length() == b.length()) {
      return i + j >= a.length() - 1
          || i + j == a.length() - 2
              && a.charAt(i) == b.charAt(i + 1)
              && a.charAt(i + 1) == b.charAt(i);
    }
    return i + j >= Math.min(a.length(), b.length());
  }
}
