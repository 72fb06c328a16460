package io.streamrag.kit.guard.injection;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Layer 1: patterns, per language and kind of attack, over every view of the message (see {@code
 * streamrag-guard/patterns.tsv} for the file's format and the languages it covers). Precise on
 * purpose: each pattern needs a second cue beside a word a farmer also uses.
 */
public final class PatternLayer implements InjectionLayer {

  /** The patterns shipped with platform-kit. */
  public static final String RESOURCE = "streamrag-guard/patterns.tsv";

  private static final Pattern MACRO = Pattern.compile("\\{([a-z_]+)\\}");

  /** One compiled pattern and where it came from. */
  record Rule(String language, String category, Pattern pattern, int line) {}

  private final List<Rule> rules;

  PatternLayer(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** The patterns shipped with platform-kit. */
  public static PatternLayer standard() {
    return new PatternLayer(parse(read(RESOURCE)));
  }

  @Override
  public Optional<Detection> inspect(Normalized message) {
    for (String view : message.views()) {
      for (Rule rule : rules) {
        if (rule.pattern().matcher(view).find()) {
          return Optional.of(
              new Detection("patterns", rule.category(), rule.language(), "line " + rule.line()));
        }
      }
    }
    return Optional.empty();
  }

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
