package io.streamrag.retrieval.route;

import io.streamrag.kit.text.Words;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Routes a question to knowledge bases by keywords (S1.2), in Persian and English. A keyword
 * matches a whole word, or the start of a word when it ends with {@code *} ("irrigat*" finds
 * "irrigation", "آبیاری*" finds "آبیاری‌ها"); several words match a phrase. Letter forms and the
 * zero-width non-joiner are normalised on both sides. Every KB whose keywords appear is chosen;
 * when none does, all of the pipeline's KBs are.
 */
public final class KbRouter {

  private final Map<String, List<String>> rules;

  /**
   * @param rules KB name to its keywords
   */
  public KbRouter(Map<String, List<String>> rules) {
    this.rules = Map.copyOf(rules);
  }

  /**
   * The KBs to search for a question.
   *
   * @param pipelineKbs the KBs of the caller's pipeline; a rule naming another KB is ignored
   */
  public List<String> route(String question, Collection<String> pipelineKbs) {
    List<String> words = words(question);
    var chosen = new ArrayList<String>();
    for (String kb : pipelineKbs.stream().sorted().toList()) {
      for (String keyword : rules.getOrDefault(kb, List.of())) {
        boolean prefix = keyword.endsWith("*");
        List<String> parts = words(prefix ? keyword.substring(0, keyword.length() - 1) : keyword);
        if (!parts.isEmpty() && containsPhrase(words, parts, prefix)) {
          chosen.add(kb);
          break;
        }
      }
    }
    return chosen.isEmpty() ? pipelineKbs.stream().sorted().toList() : chosen;
  }

  private static boolean containsPhrase(List<String> words, List<String> phrase, boolean prefix) {
    for (int i = 0; i + phrase.size() <= words.size(); i++) {
      boolean all = true;
      for (int j = 0; j < phrase.size() && all; j++) {
        boolean last = j == phrase.size() - 1;
        String word = words.get(i + j);
        all = prefix && last ? word.startsWith(phrase.get(j)) : word.equals(phrase.get(j));
      }
      if (all) {
        return true;
      }
    }
    return false;
  }

  private static List<String> words(String text) {
    return Words.of(text);
  }
}
