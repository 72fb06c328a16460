package io.streamrag.retrieval.route;

import io.streamrag.kit.embedding.Cosine;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.text.Language;
import io.streamrag.kit.text.Words;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Routes a question to the knowledge bases of its pipeline (S1.2), in Persian, Arabic and English:
 *
 * <ol>
 *   <li>keyword rules, from configuration and from each KB's own {@code routing_keywords} (its live
 *       configuration, set by {@code PUT /admin/kbs/{kb}}): a keyword matches a whole word, or the
 *       start of a word when it ends with {@code *} ("irrigat*" finds "irrigation", "آبیاری*" finds
 *       "آبیاری‌ها"); several words match a phrase. Every KB whose keywords appear is chosen.
 *   <li>else similarity to the KBs' descriptions: shared words (a word shared by every KB counts
 *       for little), and, when the embedder reads the question's language, cosine similarity of the
 *       question to each description. Every KB close to the best is chosen.
 *   <li>else, unsure: all of the pipeline's KBs.
 * </ol>
 *
 * Letter forms, hamza on alef and the zero-width non-joiner are normalised on both sides ({@link
 * Words#normalize}), so an Arabic keyword written with ي, ك, ة or أ matches a question typed with
 * Persian letter forms and the other way round. For an Arabic question the article and the particle
 * glued before it (ال, وال, بال, لل…) come off its words and off the keywords and descriptions it
 * is compared with ({@link Words#withoutArabicArticle}), so «ري» finds «الري» and «والري»; Persian
 * questions are never cut (الگو, بالا). A KB outside the pipeline is never chosen, whatever the
 * question says.
 */
public final class KbRouter {

  /**
   * A knowledge base as routing sees it.
   *
   * @param keywords its own routing keywords, beside the configured rules
   */
  public record Kb(String name, String description, List<String> keywords) {

    /** A KB with no keywords of its own. */
    public Kb(String name, String description) {
      this(name, description, List.of());
    }
  }

  /** Shared-word score of the chosen KBs, relative to the best one. */
  private static final double LEXICAL_SHARE = 0.5;

  /** How far below the best description a KB's cosine may be and still be chosen. */
  private static final double DENSE_MARGIN = 0.05;

  private static final Set<String> STOP =
      Set.of(
          "the", "and", "for", "are", "what", "how", "when", "which", "where", "why", "who",
          "should", "could", "would", "does", "did", "this", "that", "with", "from", "have", "has",
          "your", "you", "about", "there", "their", "them", "they", "can", "will", "our", "into",
          "any", "all", "its", "was", "were", "been", "than", "then", "also", "more", "most", "is",
          "است", "چقدر", "چطور", "چطوره", "چگونه", "برای", "این", "آن", "های", "کنم", "کنید",
          "باید", "بود", "شود", "هست", "هستند", "چیست", "کدام", "چرا", "کی", "آیا", "داشت", "دارد",
          "دارم", "سلام", "حالت", "خوب", "بهتر", "کنیم", "شما", "ما", "را", "که", "در", "از", "با",
          "به", "یک", "چه", "من", "تا", "هم", "یا", "اگر", "ولی", "کیف", "ماذا", "لماذا", "متی",
          "هذا", "هذه", "ذلک", "علی", "الی", "کان", "یمکن", "یجب", "عند", "اذا", "انا", "نحن",
          "لدی", "کیفیه", "افضل", "اکثر", "حقلی", "ارضی");

  private final Map<String, List<String>> rules;
  private final Embedder embedder;
  private final double minCosine;
  private final Map<String, float[]> descriptionVectors = new ConcurrentHashMap<>();

  /**
   * @param rules KB name to its keywords
   * @param embedder embeds questions and descriptions; {@code null} for words alone
   * @param minCosine the least cosine similarity between a question and a description that counts
   */
  public KbRouter(Map<String, List<String>> rules, Embedder embedder, double minCosine) {
    this.rules = Map.copyOf(rules);
    this.embedder = embedder;
    this.minCosine = minCosine;
  }

  /** Keyword rules and shared description words only. */
  public KbRouter(Map<String, List<String>> rules) {
    this(rules, null, 1);
  }

  /**
   * The KBs to search for a question, by name, sorted.
   *
   * @param language the question's language ({@code fa}, {@code ar}, {@code en})
   * @param pipeline the KBs of the caller's pipeline; a rule naming another KB is ignored
   */
  public List<String> route(String question, String language, Collection<Kb> pipeline) {
    List<Kb> kbs = pipeline.stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    boolean arabic = Language.ARABIC.equals(language);
    List<String> words = words(question, arabic);
    // 1. keyword rules
    var chosen = new ArrayList<String>();
    for (Kb kb : kbs) {
      if (Stream.concat(rules.getOrDefault(kb.name(), List.of()).stream(), kb.keywords().stream())
          .anyMatch(k -> matches(words, k, arabic))) {
        chosen.add(kb.name());
      }
    }
    // 2. the descriptions, by shared words, then by meaning
    if (chosen.isEmpty()) {
      chosen.addAll(byDescriptionWords(words, kbs, arabic));
    }
    if (chosen.isEmpty() && embedder != null && embedder.reads(language)) {
      chosen.addAll(byDescriptionMeaning(question, kbs));
    }
    // 3. unsure: all of them
    return chosen.isEmpty() ? kbs.stream().map(Kb::name).toList() : chosen;
  }

  /** The normalised words of a text; without the Arabic article for an Arabic question. */
  private static List<String> words(String text, boolean arabic) {
    List<String> words = Words.of(text);
    return arabic ? words.stream().map(Words::withoutArabicArticle).toList() : words;
  }

  private static List<String> byDescriptionWords(List<String> words, List<Kb> kbs, boolean arabic) {
    Set<String> asked = new LinkedHashSet<>();
    for (String w : words) {
      if (w.length() >= 3 && !STOP.contains(w) && !w.chars().allMatch(Character::isDigit)) {
        asked.add(w);
      }
    }
    Map<String, Set<String>> described = new HashMap<>();
    kbs.forEach(kb -> described.put(kb.name(), Set.copyOf(words(kb.description(), arabic))));
    Map<String, Double> score = new HashMap<>();
    for (String w : asked) {
      var having = kbs.stream().filter(kb -> shares(w, described.get(kb.name()))).toList();
      double weight = Math.log((kbs.size() + 1.0) / Math.max(1, having.size()));
      having.forEach(kb -> score.merge(kb.name(), weight, Double::sum));
    }
    double best = score.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (best < 0.1) {
      return List.of();
    }
    return kbs.stream()
        .map(Kb::name)
        .filter(n -> score.getOrDefault(n, 0.0) >= LEXICAL_SHARE * best)
        .toList();
  }

  private List<String> byDescriptionMeaning(String question, List<Kb> kbs) {
    float[] q = embedder.embed(question);
    Map<String, Double> cosine = new HashMap<>();
    for (Kb kb : kbs) {
      float[] d = descriptionVectors.computeIfAbsent(kb.description(), embedder::embed);
      cosine.put(kb.name(), Cosine.of(q, d));
    }
    double best = cosine.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (best < minCosine) {
      return List.of();
    }
    return kbs.stream().map(Kb::name).filter(n -> cosine.get(n) >= best - DENSE_MARGIN).toList();
  }

  /** A word of the question found in a description, allowing suffixes on either side. */
  private static boolean shares(String word, Set<String> description) {
    if (description.contains(word)) {
      return true;
    }
    if (word.length() < 4) {
      return false;
    }
    for (String d : description) {
      if (d.length() >= 4 && (d.startsWith(word) || word.startsWith(d))) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(List<String> words, String keyword, boolean arabic) {
    boolean prefix = keyword.endsWith("*");
    List<String> phrase =
        words(prefix ? keyword.substring(0, keyword.length() - 1) : keyword, arabic);
    if (phrase.isEmpty()) {
      return false;
    }
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
}
