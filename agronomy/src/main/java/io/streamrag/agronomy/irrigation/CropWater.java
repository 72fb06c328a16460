package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.reason.Names;
import io.streamrag.agronomy.table.Row;
import java.util.List;

/**
 * A crop's water parameters (crops.csv): FAO-56 Table 12 crop coefficients and Table 22 rooting
 * depth and depletion fraction.
 *
 * @param zrMinM the shallow end of Table 22's rooting depth range, m: the one used, since Table
 *     22's note keeps the smaller values for irrigation scheduling
 * @param zrMaxM the deep end, m, kept for reference
 * @param p the fraction of TAW that can be depleted before stress, for ETc ≈ 5 mm/day
 */
record CropWater(
    Names names,
    double kcIni,
    double kcMid,
    double kcEnd,
    double zrMinM,
    double zrMaxM,
    double p,
    List<String> aliases) {

  static final String FILE = "crops.csv";
  static final List<String> COLUMNS =
      List.of(
          "crop", "kc_ini", "kc_mid", "kc_end", "zr_min_m", "zr_max_m", "p", "name_fa", "name_ar");

  static CropWater read(Row row) {
    var crop =
        new CropWater(
            Names.of(row, "crop"),
            row.number("kc_ini", 0.1, 2),
            row.number("kc_mid", 0.1, 2),
            row.number("kc_end", 0.1, 2),
            row.number("zr_min_m", 0.1, 3),
            row.number("zr_max_m", 0.1, 3),
            row.number("p", 0.05, 0.9),
            row.list("aliases"));
    if (crop.zrMinM > crop.zrMaxM) {
      throw row.problem("zr_min_m " + crop.zrMinM + " is above zr_max_m " + crop.zrMaxM);
    }
    return crop;
  }

  /** Its names and aliases: each finds this row. */
  List<String> keys() {
    return names.keysWith(aliases);
  }

  /**
   * Kc for a stage. FAO-56 draws Kc as straight lines between Kc ini, Kc mid and Kc end (eq. 66);
   * without the day within a sloping stage, its mean (the value at its middle) is used.
   */
  double kc(GrowthStage stage) {
    return switch (stage) {
      case INITIAL -> kcIni;
      case DEVELOPMENT -> (kcIni + kcMid) / 2;
      case MID -> kcMid;
      case LATE -> (kcMid + kcEnd) / 2;
    };
  }
}
