package io.streamrag.agronomy.fertilization;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The fertilization recommendation, field for field the JSON of S1.10 (validated by {@code
 * schemas/fertilization-advice.schema.json}). Every number is computed; a model may only explain
 * it.
 *
 * @param fertilizerNeeded null when an input is missing (see {@code missing})
 * @param fertilizerType the products, joined with " + " (e.g. {@code urea + potassium sulfate});
 *     null when none is needed or nothing was computed
 * @param amountKgPerHectare the products' total, kg/ha; 0 when none is needed, null when not
 *     computed
 * @param npkStatus each nutrient's class, as far as known
 * @param products the dose of each product, nutrient by nutrient
 * @param rawResponse the model's text, set by the service; null here
 * @param missing the exact inputs missing or unknown to the tables; empty when computed
 * @param stale true when the soil test is older than the configured age (still computed)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record FertilizationAdvice(
    @JsonProperty("fertilizer_needed") Boolean fertilizerNeeded,
    @JsonProperty("fertilizer_type") String fertilizerType,
    @JsonProperty("amount_kg_per_hectare") Double amountKgPerHectare,
    String reason,
    @JsonProperty("npk_status") NpkStatus npkStatus,
    List<ProductDose> products,
    @JsonProperty("raw_response") String rawResponse,
    FertilizationInputs inputs,
    String method,
    List<String> missing,
    boolean stale) {

  /**
   * The same advice explained by a model: its text becomes the reason and is kept as {@code
   * raw_response}; every number stays as computed.
   */
  public FertilizationAdvice explainedBy(String text) {
    return withTexts(text, text);
  }

  /** The same advice with the model's text attached (its numbers unchanged). */
  public FertilizationAdvice withRawResponse(String text) {
    return withTexts(reason, text);
  }

  private FertilizationAdvice withTexts(String reason, String rawResponse) {
    return new FertilizationAdvice(
        fertilizerNeeded,
        fertilizerType,
        amountKgPerHectare,
        reason,
        npkStatus,
        products,
        rawResponse,
        inputs,
        method,
        missing,
        stale);
  }
}
