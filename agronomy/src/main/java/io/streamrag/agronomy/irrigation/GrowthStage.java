package io.streamrag.agronomy.irrigation;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The four crop growth stages of FAO-56 (Chapter 6, Fig. 25). */
enum GrowthStage {
  INITIAL,
  DEVELOPMENT,
  MID,
  LATE;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Optional<GrowthStage> of(String text) {
    return Arrays.stream(values())
        .filter(s -> s.label().equalsIgnoreCase(text.strip()))
        .findFirst();
  }
}
