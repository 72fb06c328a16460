package io.streamrag.llm.evidence;

import io.streamrag.kit.text.StopWords;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The words of a question that ask rather than name: platform-kit's {@link StopWords}, the question
 * phrasing of {@code evidence/function-words.txt}, and Persian verbs in any conjugation.
 */
final class FunctionWords {

  private static final Set<String> WORDS = new HashSet<>();
  private static final Set<String> VERBS = new HashSet<>();
  private static final String[] VERB_PREFIXES = {"نمی", "می", "ن", "ب", ""};
  private static final String[] VERB_ENDINGS = {
    "هاند", "اند", "ند", "ید", "یم", "ست", "ه", "د", "ی", "م", "ن", "ش", ""
  };

  static {
    try (var in =
        new BufferedReader(
            new InputStreamReader(
                Objects.requireNonNull(
                    FunctionWords.class.getResourceAsStream("/evidence/function-words.txt")),
                StandardCharsets.UTF_8))) {
      in.lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .forEach(
              l -> {
                Set<String> into = l.startsWith("verbs:") ? VERBS : WORDS;
                Stems.words(l.substring(l.indexOf(':') + 1)).forEach(into::add);
              });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private FunctionWords() {}

  /** True for a folded word that carries no topic. */
  static boolean contains(String word) {
    return word.length() < 2 || listed(word) || isVerb(word) || withSpokenCopula(word);
  }

  private static boolean listed(String word) {
    return WORDS.contains(word) || StopWords.contains(word);
  }

  /**
   * A Persian function word with the spoken copula, «ه» for «است»: «چنده» (how many is it), «بهتره»
   * (is better). The word before it has three letters or more, so «راه» (way) is not «را».
   */
  private static boolean withSpokenCopula(String word) {
    return word.length() > 3
        && word.endsWith("ه")
        && Stems.isArabicScript(word)
        && listed(word.substring(0, word.length() - 1));
  }

  /**
   * True for a Persian verb form of a listed stem, negated or not: "نمی‌کنند" (ZWNJ removed by
   * normalisation), "میاد", "شه".
   */
  static boolean isVerb(String word) {
    if (!Stems.isArabicScript(word)) {
      return false;
    }
    for (String p : VERB_PREFIXES) {
      if (!word.startsWith(p)) {
        continue;
      }
      String rest = word.substring(p.length());
      for (String e : VERB_ENDINGS) {
        if (rest.endsWith(e) && VERBS.contains(rest.substring(0, rest.length() - e.length()))) {
          return true;
        }
      }
    }
    return false;
  }

  /** True for a negated Persian verb ("ندارد", "نمی‌رود") or an English or Arabic negation. */
  static boolean isNegation(String word) {
    return switch (word) {
      case "not",
          "never",
          "no",
          "dont",
          "doesnt",
          "didnt",
          "cannot",
          "لا",
          "لم",
          "لن",
          "ليس",
          "غير",
          "نه",
          "نیست",
          "هیچ",
          "بدون" ->
          true;
      // «نشون»/«نشان» (show) begin like a negated «شو»
      case "نشون", "نشان", "نشانه" -> false;
      default -> word.startsWith("ن") && !word.startsWith("نن") && isVerb(word.substring(1));
    };
  }
}
