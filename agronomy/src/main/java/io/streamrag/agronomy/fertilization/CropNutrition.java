package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.reason.Names;
import io.streamrag.agronomy.table.Row;
import java.util.List;
import java.util.Map;

/** A crop's soil-test thresholds for N, P and K (npk-thresholds.csv). */
record CropNutrition(Names names, Map<Nutrient, Thresholds> thresholds, List<String> aliases) {

  static final String FILE = "npk-thresholds.csv";
  static final List<String> COLUMNS =
      List.of(
          "crop",
          "n_low_below",
          "n_high_from",
          "p_low_below",
          "p_high_from",
          "k_low_below",
          "k_high_from",
          "name_fa",
          "name_ar");

  static CropNutrition read(Row row) {
    return new CropNutrition(
        Names.of(row, "crop"),
        Map.of(
            Nutrient.N, thresholds(row, "n"),
            Nutrient.P, thresholds(row, "p"),
            Nutrient.K, thresholds(row, "k")),
        row.list("aliases"));
  }

  private static Thresholds thresholds(Row row, String prefix) {
    double low = row.number(prefix + "_low_below", 0, 10_000);
    double high = row.number(prefix + "_high_from", 0, 10_000);
    if (low > high) {
      throw row.problem(
          prefix + "_low_below " + low + " is above " + prefix + "_high_from " + high);
    }
    return new Thresholds(low, high);
  }

  List<String> keys() {
    return names.keysWith(aliases);
  }
}
