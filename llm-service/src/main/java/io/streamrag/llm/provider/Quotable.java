package io.streamrag.llm.provider;

import com.github.benmanes.caffeine.cache.Cache;
import io.streamrag.kit.text.TextKeyed;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * The sentences of a passage that {@link ExtractiveProvider} may quote, each with its content
 * words: read once per passage text and kept, since a knowledge base's passages come back chat
 * after chat (the same reasoning and bound as the judge's passages).
 */
final class Quotable {

  /** One sentence worth quoting: at least 20 characters, markdown marks off its start. */
  record Sentence(int at, String text, Set<String> words) {}

  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?؟])\\s+|\\n+");

  /** The characters kept, as the judge's passages (a few tens of megabytes at most). */
  private static final long KEPT_CHARS = 1_000_000;

  private record Key(String text, boolean arabic) {}

  private static final Cache<Key, List<Sentence>> READ =
      TextKeyed.byCharacters(KEPT_CHARS, key -> key.text().length());

  private Quotable() {}

  /**
   * The passage's sentences worth quoting, in order.
   *
   * @param content a sentence's content words, for an Arabic question or not
   */
  static List<Sentence> of(
      String passage, boolean arabic, BiFunction<String, Boolean, Set<String>> content) {
    return READ.get(new Key(passage, arabic), key -> read(key, content));
  }

  private static List<Sentence> read(Key key, BiFunction<String, Boolean, Set<String>> content) {
    var out = new ArrayList<Sentence>();
    String[] sentences = SENTENCE_END.split(key.text().strip());
    for (int s = 0; s < sentences.length; s++) {
      String sentence = sentences[s].replaceFirst("^[#>*\\-\\s]+", "").strip();
      if (sentence.length() >= 20) {
        out.add(new Sentence(s, sentence, Set.copyOf(content.apply(sentence, key.arabic()))));
      }
    }
    return List.copyOf(out);
  }
}
