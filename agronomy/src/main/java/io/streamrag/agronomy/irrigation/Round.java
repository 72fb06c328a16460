package io.streamrag.agronomy.irrigation;

/** Rounding for the echoed numbers: the computation itself keeps full precision. */
final class Round {

  private Round() {}

  /** To 0.1 mm: finer than any sensor or forecast. */
  static double mm(double value) {
    return Math.round(value * 10) / 10.0;
  }

  /** To 0.001, for fractions such as p and θ. */
  static double fraction(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
