package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.table.Row;
import java.util.List;

/**
 * Water held by one soil texture class (soil-water.csv).
 *
 * @param thetaFc volumetric water content at field capacity, m³/m³
 * @param thetaWp volumetric water content at the permanent wilting point, m³/m³
 */
record SoilWater(String texture, double thetaFc, double thetaWp) {

  static final String FILE = "soil-water.csv";
  static final List<String> COLUMNS = List.of("texture", "theta_fc", "theta_wp");

  static SoilWater read(Row row) {
    var soil =
        new SoilWater(
            row.key("texture"), row.number("theta_fc", 0, 1), row.number("theta_wp", 0, 1));
    if (soil.thetaWp >= soil.thetaFc) {
      throw row.problem("theta_wp " + soil.thetaWp + " is not below theta_fc " + soil.thetaFc);
    }
    return soil;
  }
}
