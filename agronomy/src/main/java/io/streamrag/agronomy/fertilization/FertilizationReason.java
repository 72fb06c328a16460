package io.streamrag.agronomy.fertilization;

import static io.streamrag.agronomy.reason.Phrase.*;

import io.streamrag.agronomy.field.Age;
import io.streamrag.agronomy.reason.Phrases;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The templated reason (used when no model explains the numbers), built from those numbers. */
final class FertilizationReason {

  static final String METHOD =
      "Soil-test classes low/medium/high from the crop's thresholds (npk-thresholds.csv: nitrate-N,"
          + " Olsen P, ammonium-acetate K, mg/kg, 0-30 cm); each nutrient below its sufficiency"
          + " level raised to it: deficit mg/kg x bulk density x sampling depth x 0.1 = kg/ha"
          + " (soil-sampling.csv), P2O5 = P x 2.291, K2O = K x 1.205, product = oxide / label"
          + " content (fertilizers.csv); a build-up estimate that ignores fixation and uptake"
          + " efficiency, not a laboratory recommendation";

  private final String language;
  private final Phrases phrases;
  private final FertilizationTables tables;

  FertilizationReason(String language, FertilizationTables tables) {
    this.language = language;
    this.phrases = Phrases.of(language);
    this.tables = tables;
  }

  String missing(List<String> missing) {
    return phrases.fill(FERTILIZATION_MISSING, "missing", phrases.missing(missing));
  }

  String computed(
      CropNutrition crop,
      Map<Nutrient, Double> readings,
      Map<Nutrient, NutrientStatus> status,
      List<ProductDose> doses,
      double total,
      Age staleAge,
      Duration maxAge) {
    String prefix = phrases.stale(NUTRIENTS_STALE, staleAge, maxAge, ChronoUnit.DAYS);
    var statuses = new ArrayList<String>();
    for (Nutrient n : Nutrient.values()) {
      statuses.add(
          phrases.fill(
              NUTRIENT_STATUS,
              "nutrient",
              phrases.get(n.phrase),
              "value",
              readings.get(n),
              "status",
              phrases.get(status.get(n).phrase)));
    }
    String cropName = crop.names().in(language);
    if (doses.isEmpty()) {
      return prefix
          + phrases.fill(NO_FERTILIZER, "crop", cropName, "statuses", phrases.list(statuses));
    }
    var products = new ArrayList<String>();
    for (ProductDose dose : doses) {
      String name = productName(dose);
      products.add(
          phrases.fill(PRODUCT_AMOUNT, "product", name, "amount", dose.amountKgPerHectare()));
    }
    return prefix
        + phrases.fill(
            FERTILIZE,
            "crop",
            cropName,
            "statuses",
            phrases.list(statuses),
            "products",
            phrases.list(products),
            "total",
            total);
  }

  private String productName(ProductDose dose) {
    return tables.product(Nutrient.valueOf(dose.nutrient())).names().in(language);
  }
}
