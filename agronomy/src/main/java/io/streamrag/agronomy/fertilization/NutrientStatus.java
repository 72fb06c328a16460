package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonValue;
import io.streamrag.agronomy.reason.Phrase;
import java.util.Locale;

/** A soil-test class: a yield response to the nutrient is likely (low), possible, or unlikely. */
public enum NutrientStatus {
  LOW(Phrase.LOW),
  MEDIUM(Phrase.MEDIUM),
  HIGH(Phrase.HIGH);

  final Phrase phrase;

  NutrientStatus(Phrase phrase) {
    this.phrase = phrase;
  }

  @JsonValue
  public String json() {
    return name().toLowerCase(Locale.ROOT);
  }
}
