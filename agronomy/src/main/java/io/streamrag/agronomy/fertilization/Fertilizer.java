package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.reason.Names;
import io.streamrag.agronomy.table.Row;
import java.util.List;
import java.util.Locale;

/**
 * A fertilizer product (fertilizers.csv).
 *
 * @param nutrient the nutrient it is recommended for
 * @param contentPct its content of that nutrient as labelled: N, P2O5 or K2O, percent
 */
record Fertilizer(Names names, Nutrient nutrient, double contentPct) {

  static final String FILE = "fertilizers.csv";
  static final List<String> COLUMNS =
      List.of("product", "for_nutrient", "n_pct", "p2o5_pct", "k2o_pct", "name_fa", "name_ar");

  static Fertilizer read(Row row) {
    String text = row.text("for_nutrient").toUpperCase(Locale.ROOT);
    Nutrient nutrient;
    try {
      nutrient = Nutrient.valueOf(text);
    } catch (IllegalArgumentException e) {
      throw row.problem("column 'for_nutrient': '" + text + "' is not N, P or K");
    }
    String column =
        switch (nutrient) {
          case N -> "n_pct";
          case P -> "p2o5_pct";
          case K -> "k2o_pct";
        };
    double content = row.number(column, 0, 100);
    if (content <= 0) {
      throw row.problem(column + " is 0: the product cannot supply " + nutrient);
    }
    row.number("n_pct", 0, 100);
    row.number("p2o5_pct", 0, 100);
    row.number("k2o_pct", 0, 100);
    return new Fertilizer(Names.of(row, "product"), nutrient, content);
  }
}
