package io.streamrag.kit.guard.injection;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Layer 1: patterns, per language and kind of attack, over every view of the message (see {@code
 * streamrag-guard/patterns.tsv} for the file's format and the languages it covers). Precise on
 * purpose: each pattern needs a second cue beside a word a farmer also uses.
 *
 * <p>A pattern of a language written in Latin letters runs only on a view that holds a Latin
 * letter, one of Persian or Arabic only on a view that holds an Arabic-script letter: each is made
 * of that language's words, so it cannot match a text without its letters (checked for every
 * shipped pattern on texts of the other script, digits and punctuation by {@code
 * PatternLayerTest}). A farmer's question is in one script, so about half the patterns run: they
 * were 6-7 % of the CPU of a chat in the gateway and in llm-service (async-profiler, 16 streams).
 */
public final class PatternLayer implements InjectionLayer {

  /** The patterns shipped with platform-kit. */
  public static final String RESOURCE = "streamrag-guard/patterns.tsv";

  private static final Pattern MACRO = Pattern.compile("\\{([a-z_]+)\\}");

  /** One compiled pattern and where it came from. */
  record Rule(String language, String category, Pattern pattern, int line) {}

  /** The letters a language's patterns are made of. */
  enum Script {
    LATIN(Character.UnicodeScript.LATIN),
    ARABIC(Character.UnicodeScript.ARABIC),
    CYRILLIC(Character.UnicodeScript.CYRILLIC),
    HAN(Character.UnicodeScript.HAN),
    JAPANESE(
        Character.UnicodeScript.HAN,
        Character.UnicodeScript.HIRAGANA,
        Character.UnicodeScript.KATAKANA),
    HANGUL(Character.UnicodeScript.HANGUL),
    THAI(Character.UnicodeScript.THAI),
    BENGALI(Character.UnicodeScript.BENGALI),
    DEVANAGARI(Character.UnicodeScript.DEVANAGARI),
    ETHIOPIC(Character.UnicodeScript.ETHIOPIC),
    /** A language of another script, or none named: its patterns run on every view. */
    ANY;

    private final Set<Character.UnicodeScript> letters;

    Script(Character.UnicodeScript... letters) {
      this.letters = Set.of(letters);
    }

    static Script of(String language) {
      return switch (language) {
        case "en",
            "es",
            "fr",
            "de",
            "it",
            "pt",
            "tr",
            "id",
            "fa-latn",
            "pl",
            "nl",
            "sw",
            "vi",
            "uz",
            "ar-latn",
            "az",
            "hu",
            "fi",
            "tl" ->
            LATIN;
        case "fa", "ar", "ur", "ps" -> ARABIC;
        case "ru", "uk" -> CYRILLIC;
        case "zh" -> HAN;
        case "ja" -> JAPANESE;
        case "ko" -> HANGUL;
        case "th" -> THAI;
        case "bn" -> BENGALI;
        case "hi" -> DEVANAGARI;
        case "am" -> ETHIOPIC;
        default -> ANY;
      };
    }

    /** Whether a view with these scripts may hold a match of this script's patterns. */
    boolean mayMatch(Set<Character.UnicodeScript> scripts) {
      return letters.isEmpty() || letters.stream().anyMatch(scripts::contains);
    }
  }

  private final List<Rule> rules;
  private final Script[] scripts;

  PatternLayer(List<Rule> rules) {
    this.rules = List.copyOf(rules);
    this.scripts = this.rules.stream().map(r -> Script.of(r.language())).toArray(Script[]::new);
  }

  /** The patterns shipped with platform-kit. */
  public static PatternLayer standard() {
    return of(RESOURCE);
  }

  /**
   * The patterns of one of platform-kit's pattern files, e.g. {@value #PASSAGES}.
   *
   * @param resource its class-path name
   */
  public static PatternLayer of(String resource) {
    return new PatternLayer(parse(read(resource)));
  }

  /** Instructions for the model inside a passage or a document (indirect injection). */
  public static final String PASSAGES = "streamrag-guard/passage-patterns.tsv";

  @Override
  public Optional<Detection> inspect(Normalized message) {
    for (String view : message.views()) {
      Set<Character.UnicodeScript> held = scriptsOf(view);
      for (int i = 0; i < scripts.length; i++) {
        Rule rule = rules.get(i);
        if (scripts[i].mayMatch(held) && rule.pattern().matcher(view).find()) {
          return Optional.of(
              new Detection("patterns", rule.category(), rule.language(), "line " + rule.line()));
        }
      }
    }
    return Optional.empty();
  }

  /** The scripts of the letters a view holds (Latin, Arabic, Cyrillic, Han, Hangul, …). */
  static Set<Character.UnicodeScript> scriptsOf(String view) {
    var held = EnumSet.noneOf(Character.UnicodeScript.class);
    if (hasLatinLetter(view)) {
      held.add(LATIN);
    }
    if (hasArabicScript(view)) {
      held.add(Character.UnicodeScript.ARABIC);
    }
    for (int i = 0; i < view.length(); i++) {
      char c = view.charAt(i);
      if (c >= 0x0400 && c <= 0x04FF) {
        held.add(Character.UnicodeScript.CYRILLIC);
      } else if (c >= 0x0900 && Character.isLetter(c)) {
        // Indic, Thai, Ethiopic, Hangul, kana, Han: each language's patterns run on its letters
        held.add(Character.UnicodeScript.of(c));
      }
    }
    return held;
  }

  static boolean hasLatinLetter(String view) {
    for (int i = 0; i < view.length(); i++) {
      char c = view.charAt(i);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        return true;
      }
      if (c >= 0x00C0 && Character.isLetter(c) && Character.UnicodeScript.of(c) == LATIN) {
        return true;
      }
    }
    return false;
  }

  static boolean hasArabicScript(String view) {
    for (int i = 0; i < view.length(); i++) {
      char c = view.charAt(i);
      if (c >= 0x0600 && Character.UnicodeScript.of(c) == Character.UnicodeScript.ARABIC) {
        return true;
      }
    }
    return false;
  }

  private static final Character.UnicodeScript LATIN = Character.UnicodeScript.LATIN;

  /** How many patterns the layer holds. */
  public int size() {
    return rules.size();
  }

  /** Parses the pattern file: macros ({@code @name<TAB>regex}) and patterns. */
  static List<Rule> parse(String text) {
    var macros = new HashMap<String, String>();
    var rules = new ArrayList<Rule>();
    String[] lines = text.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] cells = lines[i].split("\t");
      try {
        if (line.startsWith("@") && cells.length == 2) {
          macros.put(cells[0].strip().substring(1), expand(cells[1].strip(), macros));
        } else if (cells.length == 3) {
          String regex = Folding.patternLetters(expand(cells[2].strip(), macros));
          rules.add(
              new Rule(
                  cells[0].strip(),
                  cells[1].strip(),
                  Pattern.compile(regex, Pattern.UNICODE_CHARACTER_CLASS),
                  i + 1));
        } else {
          throw new IllegalStateException("expected 2 or 3 tab-separated cells");
        }
      } catch (PatternSyntaxException | IllegalStateException e) {
        throw new IllegalStateException(RESOURCE + " line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return rules;
  }

  private static String expand(String regex, Map<String, String> macros) {
    return MACRO
        .matcher(regex)
        .replaceAll(
            m -> {
              String body = macros.get(m.group(1));
              if (body == null) {
                throw new IllegalStateException("unknown part {" + m.group(1) + "}");
              }
              return Matcher.quoteReplacement("(?:" + body + ")");
            });
  }

  static String read(String resource) {
    try (InputStream in = PatternLayer.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from platform-kit");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
