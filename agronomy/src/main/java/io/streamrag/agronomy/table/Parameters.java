package io.streamrag.agronomy.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A table of named numbers: columns {@code parameter,value}, one parameter per row. */
public final class Parameters {

  private final String file;
  private final Map<String, Row> rows = new LinkedHashMap<>();

  private Parameters(String file) {
    this.file = file;
  }

  /**
   * @throws TableException with file and line of a malformed row or a repeated parameter
   */
  public static Parameters read(String file, String text) {
    var parameters = new Parameters(file);
    Csv.read(
        file,
        text,
        List.of("parameter", "value"),
        row -> {
          parameters.rows.put(row.key("parameter"), row);
          return row.key("parameter");
        },
        List::of);
    return parameters;
  }

  /**
   * The named number, within [min, max].
   *
   * @throws TableException when the parameter is absent or its value is not such a number
   */
  public double number(String name, double min, double max) {
    Row row = rows.get(name);
    if (row == null) {
      throw new TableException(List.of(new Problem(file, 0, "lacks parameter '" + name + "'")));
    }
    try {
      return row.number("value", min, max);
    } catch (Row.RowProblem e) {
      throw new TableException(
          List.of(new Problem(file, e.problem().line(), name + ": " + e.problem().why())));
    }
  }
}
