package io.streamrag.kit.text;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.function.ToIntFunction;

/**
 * Bounded caches of what was computed from a text, keyed by the text itself: the same passages,
 * instructions and question words come back chat after chat, and a value that is a function of its
 * key can never go stale. Least recently used out first; upkeep runs on the calling thread, so a
 * cache starts no thread of its own.
 */
public final class TextKeyed {

  private TextKeyed() {}

  /**
   * A cache that keeps at most {@code chars} characters of keys.
   *
   * @param length the characters of a key (its text's length)
   */
  public static <K, V> Cache<K, V> byCharacters(long chars, ToIntFunction<K> length) {
    return Caffeine.newBuilder()
        .maximumWeight(chars)
        .<K, V>weigher((key, value) -> length.applyAsInt(key))
        .executor(Runnable::run)
        .build();
  }
}
