package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;
import java.util.List;

/**
 * The irrigation recommendation, field for field the JSON of S1.10 (validated by {@code
 * schemas/irrigation-advice.schema.json}). Every number is computed; a model may only explain it.
 *
 * @param irrigationNeeded null when an input is missing (see {@code missing})
 * @param amountMm gross depth to apply, mm: the net refill ÷ the method's efficiency; 0 when not
 *     needed, null when not computed
 * @param reason the templated explanation in the asked language
 * @param nextCheckDate see {@code nextCheckBasis}; null when not computed
 * @param nextCheckBasis {@code raw_reached}: depletion reaches RAW that day (irrigate then when
 *     needed); {@code raw_reached_after_irrigation}: after today's refill it reaches RAW again that
 *     day; {@code forecast_ends}: it stays below RAW through the forecast, the date is the day
 *     after it
 * @param rawResponse the model's text, set by the service; null here
 * @param method the procedure, with its sources
 * @param missing the exact inputs missing or unknown to the tables; empty when computed
 * @param stale true when the reading is older than the configured age (the result is still computed
 *     from it, and the reason says so)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record IrrigationAdvice(
    @JsonProperty("irrigation_needed") Boolean irrigationNeeded,
    @JsonProperty("amount_mm") Double amountMm,
    String reason,
    @JsonProperty("next_check_date") LocalDate nextCheckDate,
    @JsonProperty("next_check_basis") String nextCheckBasis,
    @JsonProperty("raw_response") String rawResponse,
    IrrigationInputs inputs,
    String method,
    List<String> missing,
    boolean stale) {

  /**
   * The same advice explained by a model: its text becomes the reason and is kept as {@code
   * raw_response}; every number stays as computed.
   */
  public IrrigationAdvice explainedBy(String text) {
    return withTexts(text, text);
  }

  /** The same advice with the model's text attached (its numbers unchanged). */
  public IrrigationAdvice withRawResponse(String text) {
    return withTexts(reason, text);
  }

  private IrrigationAdvice withTexts(String reason, String rawResponse) {
    return new IrrigationAdvice(
        irrigationNeeded,
        amountMm,
        reason,
        nextCheckDate,
        nextCheckBasis,
        rawResponse,
        inputs,
        method,
        missing,
        stale);
  }
}
