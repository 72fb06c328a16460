package io.streamrag.llm.advice;

import io.streamrag.agronomy.Agronomy;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.irrigation.IrrigationAdvice;
import io.streamrag.agronomy.reason.Phrase;
import io.streamrag.agronomy.reason.Phrases;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Whether the rain the field's station observed is what made irrigation unnecessary: the same field
 * with the station's rain taken out would still need it. Then the alert's reasons say so, in each
 * language, before the advice's own reason.
 */
final class RainCancels {

  private RainCancels() {}

  /** The alert's reasons by language, or empty when rain is not why irrigation is not needed. */
  static Optional<Map<String, String>> reasons(
      Agronomy agronomy,
      FieldState field,
      List<ForecastDay> forecast,
      ObservedWeather observed,
      IrrigationAdvice en,
      Supplier<Map<String, IrrigationAdvice>> inEveryLanguage) {
    if (observed == null || !Boolean.FALSE.equals(en.irrigationNeeded())) {
      return Optional.empty();
    }
    var dry = agronomy.irrigation(field, forecast, Fields.withoutRain(observed), "en");
    if (!Boolean.TRUE.equals(dry.irrigationNeeded())) {
      return Optional.empty();
    }
    double rain = en.inputs().station() == null ? 0 : en.inputs().station().rainMm();
    var today = en.inputs().forecast().isEmpty() ? null : en.inputs().forecast().get(0);
    if (today != null && "station".equals(today.rainSource())) {
      rain += today.precipitationMm();
    }
    var reasons = new LinkedHashMap<String, String>();
    for (var entry : inEveryLanguage.get().entrySet()) {
      reasons.put(
          entry.getKey(),
          Phrases.of(entry.getKey())
                  .fill(
                      Phrase.RAIN_CANCELS_IRRIGATION,
                      "rain",
                      rain,
                      "station",
                      observed.stationName())
              + entry.getValue().reason());
    }
    return Optional.of(reasons);
  }
}
