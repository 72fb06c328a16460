package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.table.Parameters;

/**
 * Effective rain for a daily balance (water-balance.csv).
 *
 * <p>A day's rain below {@code ignoredBelowEt0Fraction} × ET0 is taken as wholly evaporated and
 * ignored, as FAO-56 does for small events in its daily balances (Chapter 7, soil evaporation:
 * "precipitation less than about 0.2 ET0 ... can usually be ignored"); above it, a fixed share
 * {@code effectiveFraction} enters the root zone and the rest is lost to runoff and deep
 * percolation: the fixed-percentage method of FAO's CROPWAT (70–90 % is its usual range).
 */
record RainRule(double effectiveFraction, double ignoredBelowEt0Fraction) {

  static final String FILE = "water-balance.csv";

  static RainRule read(String text) {
    var parameters = Parameters.read(FILE, text);
    return new RainRule(
        parameters.number("rain_effective_fraction", 0, 1),
        parameters.number("rain_ignored_below_et0_fraction", 0, 1));
  }

  /** Effective rain of one day, mm. */
  double effective(double rainMm, double et0Mm) {
    return rainMm < ignoredBelowEt0Fraction * et0Mm ? 0 : effectiveFraction * rainMm;
  }
}
