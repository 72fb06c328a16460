package io.streamrag.llm.evidence;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What kind of answer a question asks for ({@code number}, {@code date}, {@code person}, {@code
 * place}, else {@code any}), and whether a text holds one (S3.4). The phrases and words are data:
 * {@code evidence/answer-types.txt}, with the reasons for the ambiguous ones.
 */
final class AnswerType {

  static final String ANY = "any";

  private record Asks(String type, String language, String phrase) {}

  private static final List<Asks> ASKS = new ArrayList<>();
  private static final Map<String, Set<String>> HOLDS = new HashMap<>();
  private static final Set<String> YEAR_WORDS = Set.of("year", "سال", "سالی", "عام", "سنه");
  private static final Pattern YEAR = Pattern.compile("\\d{4}");
  private static final Pattern DIGITS = Pattern.compile("\\d{1,4}");

  /** An English name in mid-sentence: a capitalised word after a lower-case one or a comma. */
  private static final Pattern NAME = Pattern.compile("[a-z,]\\s+\\p{Lu}\\p{Ll}+");

  static {
    for (String line : lines("/evidence/answer-types.txt")) {
      String[] key = line.substring(0, line.indexOf(':')).split("\\.");
      String value = line.substring(line.indexOf(':') + 1);
      if (key[1].equals("asks")) {
        for (String phrase : value.split("\\|")) {
          ASKS.add(new Asks(key[0], key[2], " " + String.join(" ", Stems.words(phrase)) + " "));
        }
      } else {
        HOLDS.computeIfAbsent(key[0], k -> new HashSet<>()).addAll(Stems.words(value));
      }
    }
  }

  private AnswerType() {}

  /** The answer type a question asks for, from its own words and language. */
  static String of(String question, String language) {
    List<String> words = Stems.words(question);
    if ("ar".equals(language) && !words.isEmpty() && words.get(0).equals("من")) {
      return "person";
    }
    String text = " " + String.join(" ", words) + " ";
    return ASKS.stream()
        .filter(a -> a.language().equals(language) && text.contains(a.phrase()))
        .map(Asks::type)
        .findFirst()
        .orElse(ANY);
  }

  /** Whether a date question asks for a year: then only a year in digits answers it. */
  static boolean asksYear(String question) {
    return Stems.words(question).stream().anyMatch(YEAR_WORDS::contains);
  }

  /**
   * Whether the answer type can be checked in a passage of this language. Persian and Arabic write
   * no capitals, so a name cannot be told from a word: "who" and "where" are checked in English
   * passages only. Measured on PersianQA's dev half, checking them with cue words («شهر», «دکتر»)
   * rejected more answerable questions (16) than unanswerable ones (3).
   */
  static boolean checkable(String type, String passageLanguage) {
    return !Set.of("person", "place").contains(type)
        || !io.streamrag.kit.text.Language.isArabicScript(passageLanguage);
  }

  /** Whether a text holds an answer of the type; any text holds an answer to {@code any}. */
  static boolean holds(String type, String text, boolean year) {
    List<String> words = Stems.words(text);
    return switch (type) {
      case "number" ->
          words.stream()
              .anyMatch(w -> w.chars().anyMatch(Character::isDigit) || listed("number", w));
      case "date" ->
          year
              ? words.stream().anyMatch(w -> YEAR.matcher(w).matches())
              : words.stream().anyMatch(w -> DIGITS.matcher(w).matches() || listed("date", w));
      case "person", "place" ->
          NAME.matcher(text).find() || words.stream().anyMatch(w -> listed(type, w));
      default -> true;
    };
  }

  private static boolean listed(String type, String word) {
    Set<String> known = HOLDS.getOrDefault(type, Set.of());
    return known.contains(word) || known.contains(Stems.of(word));
  }

  private static List<String> lines(String resource) {
    try (var in =
        new BufferedReader(
            new InputStreamReader(
                Objects.requireNonNull(AnswerType.class.getResourceAsStream(resource), resource),
                StandardCharsets.UTF_8))) {
      return in.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
