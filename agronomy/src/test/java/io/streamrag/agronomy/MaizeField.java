package io.streamrag.agronomy;

import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.SoilMoisture;
import io.streamrag.agronomy.field.SoilNutrients;
import java.time.Instant;
import java.util.List;

/** For tests: maize on loam under drip at 35.7° latitude, with N 8 and K 250 mg/kg. */
final class MaizeField {

  private MaizeField() {}

  /** The field with its moisture (or none) and phosphorus (or none), each measured when given. */
  static FieldState with(
      Double moisture, Instant moistureAt, Double phosphorus, Instant nutrientsAt) {
    return new FieldState(
        "maize",
        null,
        "loam",
        "drip",
        35.7,
        new SoilMoisture(List.of(), moisture, moistureAt),
        new SoilNutrients(8.0, phosphorus, 250.0, nutrientsAt));
  }
}
