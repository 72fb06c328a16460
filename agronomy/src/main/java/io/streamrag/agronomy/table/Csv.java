package io.streamrag.agronomy.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The table format: UTF-8 text, lines starting with {@code #} are comments (the source citation
 * lives there), blank lines are skipped, the first other line names the columns, every data line
 * has exactly that many comma-separated cells. No quoting: a cell never holds a comma.
 */
public final class Csv {

  private Csv() {}

  /**
   * Reads every row of a table with {@code reader}, collecting every problem (wrong cell count,
   * missing column, a row the reader refuses, a duplicate key) before failing.
   *
   * @param file the file name, for messages
   * @param text the file's contents; null when the file was not supplied
   * @param columns the columns the reader needs
   * @param reader turns a row into a value; throws {@link Row#problem} to refuse it
   * @param keys the lookup keys of a value (name and aliases): each must be unique in the table
   * @throws TableException listing every problem, each with file, line and why
   */
  public static <T> List<T> read(
      String file,
      String text,
      List<String> columns,
      Function<Row, T> reader,
      Function<T, List<String>> keys) {
    var problems = new ArrayList<Problem>();
    var values = new ArrayList<T>();
    if (text == null) {
      throw new TableException(List.of(new Problem(file, 0, "the table file was not supplied")));
    }
    String[] lines = text.split("\r?\n", -1);
    List<String> header = null;
    var firstLineOfKey = new HashMap<String, Integer>();
    for (int i = 0; i < lines.length; i++) {
      String line = i == 0 ? lines[i].replace("\uFEFF", "") : lines[i];
      if (line.isBlank() || line.strip().startsWith("#")) {
        continue;
      }
      List<String> cells = split(line);
      if (header == null) {
        header = cells;
        missingColumns(file, i + 1, header, columns, problems);
        if (!problems.isEmpty()) {
          throw new TableException(problems); // every row would repeat the same complaint
        }
        continue;
      }
      if (cells.size() != header.size()) {
        problems.add(
            new Problem(
                file,
                i + 1,
                "has " + cells.size() + " cells, the header has " + header.size() + " " + header));
        continue;
      }
      var byColumn = new LinkedHashMap<String, String>();
      for (int c = 0; c < header.size(); c++) {
        byColumn.put(header.get(c), cells.get(c));
      }
      try {
        T value = reader.apply(new Row(file, i + 1, byColumn));
        values.add(value);
        for (String key : keys.apply(value).stream().map(Csv::key).toList()) {
          Integer earlier = firstLineOfKey.putIfAbsent(key, i + 1);
          if (earlier != null) {
            problems.add(new Problem(file, i + 1, "'" + key + "' is already on line " + earlier));
          }
        }
      } catch (Row.RowProblem e) {
        problems.add(e.problem());
      }
    }
    if (header == null) {
      problems.add(new Problem(file, 0, "has no header line " + columns));
    } else if (values.isEmpty() && problems.isEmpty()) {
      problems.add(new Problem(file, 0, "has a header but no rows"));
    }
    if (!problems.isEmpty()) {
      throw new TableException(problems);
    }
    return values;
  }

  /** Like {@link #read}, the values by their keys ({@link #key normalised}) for lookups. */
  public static <T> Map<String, T> index(
      String file,
      String text,
      List<String> columns,
      Function<Row, T> reader,
      Function<T, List<String>> keys) {
    var byKey = new LinkedHashMap<String, T>();
    for (T value : read(file, text, columns, reader, keys)) {
      keys.apply(value).forEach(k -> byKey.put(key(k), value));
    }
    return byKey;
  }

  /** A name as a lookup key: trimmed, lower case, {@code _} as a space, single spaces. */
  public static String key(String name) {
    return name.strip().toLowerCase(Locale.ROOT).replace('_', ' ').replaceAll("\\s+", " ");
  }

  private static void missingColumns(
      String file, int line, List<String> header, List<String> columns, List<Problem> problems) {
    Set<String> present = new HashSet<>(header);
    for (String column : columns) {
      if (!present.contains(column)) {
        problems.add(new Problem(file, line, "the header lacks column '" + column + "'"));
      }
    }
  }

  private static List<String> split(String line) {
    var cells = new ArrayList<String>();
    for (String cell : line.split(",", -1)) {
      cells.add(cell.strip());
    }
    return cells;
  }
}
