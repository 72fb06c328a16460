package io.streamrag.agronomy.reason;

import io.streamrag.agronomy.field.Age;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reason templates of one language (S0.8: Persian, Arabic, English) and how to fill them.
 * Numbers keep Western digits and a point, so a reason shows exactly the numbers of its JSON.
 */
public final class Phrases {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+)}");

  private final Map<Phrase, String> phrases;
  private final Map<String, String> inputs;

  private Phrases(Map<Phrase, String> phrases, Map<String, String> inputs) {
    this.phrases = phrases;
    this.inputs = inputs;
  }

  /** The phrases of {@code language}: {@code fa}, {@code ar}, else English. */
  public static Phrases of(String language) {
    return switch (languageOf(language)) {
      case "fa" -> new Phrases(Persian.PHRASES, Persian.INPUTS);
      case "ar" -> new Phrases(Arabic.PHRASES, Arabic.INPUTS);
      default -> new Phrases(English.PHRASES, English.INPUTS);
    };
  }

  /** {@code fa}, {@code ar} or {@code en} from a tag such as {@code fa-IR}; null is English. */
  public static String languageOf(String language) {
    String tag = language == null ? "en" : language.strip().toLowerCase(Locale.ROOT);
    return tag.startsWith("fa") ? "fa" : tag.startsWith("ar") ? "ar" : "en";
  }

  /** The bare phrase, e.g. a status word. */
  public String get(Phrase phrase) {
    return phrases.get(phrase);
  }

  /**
   * The phrase with its placeholders filled; numbers go through {@link #number}.
   *
   * @param pairs name, value, name, value…
   * @throws IllegalArgumentException when a placeholder has no value (a template bug)
   */
  public String fill(Phrase phrase, Object... pairs) {
    var values = new java.util.HashMap<String, String>();
    for (int i = 0; i < pairs.length; i += 2) {
      Object value = pairs[i + 1];
      values.put((String) pairs[i], value instanceof Double d ? number(d) : String.valueOf(value));
    }
    Matcher m = PLACEHOLDER.matcher(phrases.get(phrase));
    var out = new StringBuilder();
    while (m.find()) {
      String value = values.get(m.group(1));
      if (value == null) {
        throw new IllegalArgumentException(phrase + " has no value for {" + m.group(1) + "}");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    return m.appendTail(out).toString();
  }

  /** Items joined as a sentence lists them: "a, b and c". */
  public String list(List<String> items) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(get(Phrase.LIST_SEPARATOR), items.subList(0, items.size() - 1))
        + get(Phrase.LIST_LAST_SEPARATOR)
        + items.get(items.size() - 1);
  }

  /** The missing inputs in this language; a name without a translation is shown as it is. */
  public String missing(List<String> names) {
    return list(names.stream().map(n -> inputs.getOrDefault(n, n)).toList());
  }

  /**
   * The sentence that opens a reason computed from a stale reading: its age and the limit it
   * passed, both in {@code unit} ({@link ChronoUnit#HOURS} or {@link ChronoUnit#DAYS}); empty for a
   * fresh reading.
   *
   * @param staleAge the reading's age when stale, else null
   */
  public String stale(Phrase phrase, Age staleAge, Duration maxAge, ChronoUnit unit) {
    if (staleAge == null) {
      return "";
    }
    Double age = unit == ChronoUnit.DAYS ? staleAge.days() : staleAge.hours();
    return fill(
        phrase, "age", age, "limit", maxAge.toMinutes() / (double) unit.getDuration().toMinutes());
  }

  /** One decimal at most, none when whole: 46.7, 47. */
  public static String number(double value) {
    double rounded = Math.round(value * 10) / 10.0;
    return rounded == Math.rint(rounded)
        ? String.valueOf((long) rounded)
        : String.format(Locale.ROOT, "%.1f", rounded);
  }
}
