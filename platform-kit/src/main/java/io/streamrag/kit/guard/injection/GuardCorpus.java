package io.streamrag.kit.guard.injection;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Known attacks and known ordinary messages, as data: the similarity layer's reference.
 * Platform-kit ships a default ({@value #ATTACKS}, {@value #ORDINARY}); operators add theirs
 * without a deploy as a knowledge base's table {@value #FILE}, which ingest-service publishes on
 * {@code kb.configs} and llm-service follows: an attack that got through, or a question that was
 * refused (category {@value #ORDINARY_CATEGORY}).
 *
 * <p>The format is CSV, one message a line: {@code lang,category,text}, the text being everything
 * after the second comma (quoted or not). Blank lines, lines starting with {@code #} and the header
 * {@code lang,category,text} are skipped.
 */
public record GuardCorpus(List<Entry> entries) {

  /** The default attacks, in platform-kit's resources. */
  public static final String ATTACKS = "streamrag-guard/attacks.csv";

  /** The default ordinary messages, in platform-kit's resources. */
  public static final String ORDINARY = "streamrag-guard/ordinary.csv";

  /** The category of a message that is not an attack. */
  public static final String ORDINARY_CATEGORY = "ordinary";

  /** The name of an operator's corpus among a knowledge base's tables. */
  public static final String FILE = "guard-corpus.csv";

  /** The longest text taken, in characters (a chat message's limit). */
  public static final int MAX_TEXT = 2000;

  private static final Pattern LANG = Pattern.compile("[a-z]{2,3}");
  private static final Pattern CATEGORY = Pattern.compile("[a-z_]{1,40}");

  /** One known message. */
  public record Entry(String language, String category, String text) {

    /** True for an attack, false for an ordinary message. */
    public boolean attack() {
      return !ORDINARY_CATEGORY.equals(category);
    }
  }

  public GuardCorpus {
    entries = List.copyOf(entries);
  }

  /** The corpus platform-kit ships: its attacks and its ordinary messages. */
  public static GuardCorpus standard() {
    return parse(PatternLayer.read(ATTACKS)).plus(parse(PatternLayer.read(ORDINARY)));
  }

  /** The messages of a CSV text; lines that cannot be read are left out (see {@link #problems}). */
  public static GuardCorpus parse(String csv) {
    var entries = new ArrayList<Entry>();
    read(csv, entries, new ArrayList<>());
    return new GuardCorpus(entries);
  }

  /** What is wrong with a CSV text, line by line; empty when every line can be used. */
  public static List<String> problems(String csv) {
    var problems = new ArrayList<String>();
    read(csv, new ArrayList<>(), problems);
    return problems;
  }

  /** This corpus and then another's entries. */
  public GuardCorpus plus(GuardCorpus other) {
    var all = new ArrayList<>(entries);
    all.addAll(other.entries);
    return new GuardCorpus(all);
  }

  private static void read(String csv, List<Entry> entries, List<String> problems) {
    String[] lines = csv.split("\r?\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#") || line.equals("lang,category,text")) {
        continue;
      }
      String[] cells = line.split(",", 3);
      String problem = null;
      if (cells.length < 3) {
        problem = "expected lang,category,text";
      } else if (!LANG.matcher(cells[0].strip()).matches()) {
        problem = "lang must be a language code such as en, fa or ar, not '" + cells[0] + "'";
      } else if (!CATEGORY.matcher(cells[1].strip()).matches()) {
        problem = "category must be a lower-case word such as override, not '" + cells[1] + "'";
      } else {
        String text = unquote(cells[2].strip());
        if (text.isBlank()) {
          problem = "the text is empty";
        } else if (text.length() > MAX_TEXT) {
          problem = "the text is longer than " + MAX_TEXT + " characters";
        } else {
          entries.add(new Entry(cells[0].strip(), cells[1].strip(), text));
        }
      }
      if (problem != null) {
        problems.add("line " + (i + 1) + ": " + problem);
      }
    }
  }

  private static String unquote(String cell) {
    if (cell.length() >= 2 && cell.startsWith("\"") && cell.endsWith("\"")) {
      return cell.substring(1, cell.length() - 1).replace("\"\"", "\"");
    }
    return cell;
  }
}
