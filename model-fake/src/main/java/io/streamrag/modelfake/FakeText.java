package io.streamrag.modelfake;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The text of {@link StreamingModel}'s answers, read back: each token names its generation (the
 * call and the server) and its place, {@code g<generation>t<i> }, so what a client shows can be
 * checked to be one generation's text, whole, each token once.
 */
public final class FakeText {

  private static final Pattern TOKEN = Pattern.compile("g([a-z0-9.]+)t(\\d+) ");

  private FakeText() {}

  /** The {@code i}th token of a generation. */
  static String token(String generation, int i) {
    return "g" + generation + "t" + i + " ";
  }

  /**
   * What a shown text holds.
   *
   * @param generations the generations its tokens come from, in order of first appearance
   * @param duplicated tokens shown more than once
   * @param missing places of the first generation with no token, up to {@code tokens}
   */
  public record Reading(Set<String> generations, int duplicated, int missing) {

    /** Tokens of more than one generation shown as one answer. */
    public boolean spliced() {
      return generations.size() > 1;
    }

    /** One generation's text, whole, each token once. */
    public boolean whole() {
      return generations.size() == 1 && duplicated == 0 && missing == 0;
    }
  }

  /** Reads a shown text whose answer had {@code tokens} tokens. */
  public static Reading read(String shown, int tokens) {
    var generations = new LinkedHashSet<String>();
    Map<String, Integer> seen = new HashMap<>();
    var matcher = TOKEN.matcher(shown);
    int duplicated = 0;
    while (matcher.find()) {
      generations.add(matcher.group(1));
      if (seen.merge(matcher.group(1) + "/" + matcher.group(2), 1, Integer::sum) > 1) {
        duplicated++;
      }
    }
    int missing = 0;
    if (!generations.isEmpty()) {
      String first = generations.iterator().next();
      for (int i = 0; i < tokens; i++) {
        if (!seen.containsKey(first + "/" + i)) {
          missing++;
        }
      }
    } else {
      missing = tokens;
    }
    return new Reading(generations, duplicated, missing);
  }
}
