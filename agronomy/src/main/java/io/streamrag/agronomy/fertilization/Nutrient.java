package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.reason.Phrase;

/**
 * The three primary nutrients, each with the factor from the element (as soil tests report it) to
 * the oxide (as fertilizer labels state it): molar masses, P2O5 / 2 P = 141.94 / 61.95 = 2.291 and
 * K2O / 2 K = 94.20 / 78.20 = 1.205.
 */
enum Nutrient {
  N("nitrogen", 1.0, Phrase.NITROGEN),
  P("phosphorus", 2.291, Phrase.PHOSPHORUS),
  K("potassium", 1.205, Phrase.POTASSIUM);

  final String json;
  final double oxidePerElement;
  final Phrase phrase;

  Nutrient(String json, double oxidePerElement, Phrase phrase) {
    this.json = json;
    this.oxidePerElement = oxidePerElement;
    this.phrase = phrase;
  }
}
