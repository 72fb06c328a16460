package io.streamrag.agronomy.table;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** One data line of a table file, its cells by column name. */
public final class Row {

  private final String file;
  private final int line;
  private final Map<String, String> cells;

  Row(String file, int line, Map<String, String> cells) {
    this.file = file;
    this.line = line;
    this.cells = cells;
  }

  /** A required text cell, trimmed. */
  public String text(String column) {
    String value = cells.get(column);
    if (value == null || value.isBlank()) {
      throw problem("column '" + column + "' is empty");
    }
    return value.strip();
  }

  /** A required text cell as a lookup key: lower case, inner spaces kept. */
  public String key(String column) {
    return text(column).toLowerCase(Locale.ROOT);
  }

  /** A required number within [min, max]: a value outside is a typo, not an agronomic choice. */
  public double number(String column, double min, double max) {
    String value = text(column);
    double number;
    try {
      number = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw problem("column '" + column + "': '" + value + "' is not a number");
    }
    if (!(number >= min && number <= max)) {
      throw problem("column '" + column + "': " + value + " is outside " + min + "–" + max);
    }
    return number;
  }

  /** An optional list cell, items separated by {@code |}, lower case; empty when blank. */
  public List<String> list(String column) {
    String value = cells.getOrDefault(column, "");
    return value.isBlank()
        ? List.of()
        : Arrays.stream(value.split("\\|"))
            .map(s -> s.strip().toLowerCase(Locale.ROOT))
            .filter(s -> !s.isEmpty())
            .toList();
  }

  /** A problem on this row, to throw from a row reader; {@link Csv#read} collects it. */
  public RowProblem problem(String why) {
    return new RowProblem(new Problem(file, line, why));
  }

  /** Thrown by a row reader; carries the problem to the table's list. */
  public static final class RowProblem extends RuntimeException {
    private final transient Problem problem;

    RowProblem(Problem problem) {
      super(problem.toString(), null, false, false);
      this.problem = problem;
    }

    Problem problem() {
      return problem;
    }
  }
}
