package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.field.Age;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.SoilNutrients;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Fertilizer recommendations from the soil test: each nutrient classed low, medium or high by the
 * crop's thresholds; each one short of its sufficiency level raised to it in the sampled layer,
 * converted to the label's oxide and to product. Thread-safe: build one per version of the tables.
 */
public final class FertilizationAdvisor {

  /** Soil nitrate changes within days with rain, irrigation and uptake. */
  public static final Duration DEFAULT_MAX_AGE = Duration.ofDays(7);

  private final FertilizationTables tables;
  private final Clock clock;
  private final Duration maxAge;

  /**
   * @param maxAge a soil test older than this is flagged {@code stale}
   */
  public FertilizationAdvisor(FertilizationTables tables, Clock clock, Duration maxAge) {
    this.tables = tables;
    this.clock = clock;
    this.maxAge = maxAge;
  }

  /** With {@link #DEFAULT_MAX_AGE}. */
  public static FertilizationAdvisor of(Map<String, String> tableFiles, Clock clock) {
    return new FertilizationAdvisor(FertilizationTables.parse(tableFiles), clock, DEFAULT_MAX_AGE);
  }

  /**
   * The recommendation for one field.
   *
   * @param language {@code fa}, {@code ar} or {@code en}: the reason's language
   */
  public FertilizationAdvice advise(FieldState field, String language) {
    var reason = new FertilizationReason(language, tables);
    SoilNutrients soil =
        field.nutrients() == null ? new SoilNutrients(null, null, null, null) : field.nutrients();
    // 1. the crop's thresholds, and every input missing or unknown to the tables
    var missing = new ArrayList<String>();
    CropNutrition crop = crop(field.crop(), missing);
    Map<Nutrient, Double> readings = readings(soil, missing);
    if (soil.measuredAt() == null) {
      missing.add("soil_nutrients.measured_at");
    }
    Age age = Age.of(soil.measuredAt(), clock);
    boolean stale = age.olderThan(maxAge);
    // 2. each known nutrient's class
    var status = new EnumMap<Nutrient, NutrientStatus>(Nutrient.class);
    if (crop != null) {
      readings.forEach((n, value) -> status.put(n, crop.thresholds().get(n).status(value)));
    }
    var npk = new NpkStatus(status.get(Nutrient.N), status.get(Nutrient.P), status.get(Nutrient.K));
    var inputs = inputs(field.crop(), soil, crop, age);
    if (!missing.isEmpty()) {
      return new FertilizationAdvice(
          null,
          null,
          null,
          reason.missing(missing),
          npk,
          List.of(),
          null,
          inputs,
          FertilizationReason.METHOD,
          List.copyOf(missing),
          stale);
    }
    // 3. a dose for each nutrient below its sufficiency level, in N, P and K order
    var doses = new ArrayList<ProductDose>();
    for (Nutrient nutrient : Nutrient.values()) {
      double deficit = crop.thresholds().get(nutrient).highFrom() - readings.get(nutrient);
      if (deficit > 0) {
        doses.add(dose(nutrient, deficit));
      }
    }
    // 4. the total and the reason
    double total = round(doses.stream().mapToDouble(ProductDose::amountKgPerHectare).sum());
    String type =
        doses.isEmpty()
            ? null
            : doses.stream().map(ProductDose::product).collect(Collectors.joining(" + "));
    return new FertilizationAdvice(
        !doses.isEmpty(),
        type,
        total,
        reason.computed(crop, readings, status, doses, total, stale ? age : null, maxAge),
        npk,
        List.copyOf(doses),
        null,
        inputs,
        FertilizationReason.METHOD,
        List.of(),
        stale);
  }

  /**
   * The deficit as kg/ha of the element in the sampled layer, then as the label's oxide (P2O5 = P ×
   * 2.291, K2O = K × 1.205), then as product at its label content.
   */
  private ProductDose dose(Nutrient nutrient, double deficitMgPerKg) {
    Fertilizer product = tables.product(nutrient);
    double element = deficitMgPerKg * tables.sampling().kgPerHaPerMgKg();
    double label = element * nutrient.oxidePerElement;
    double amount = label / (product.contentPct() / 100);
    return new ProductDose(
        nutrient.name(),
        product.names().en(),
        round(deficitMgPerKg),
        round(element),
        round(label),
        product.contentPct(),
        round(amount));
  }

  private CropNutrition crop(String name, List<String> missing) {
    if (name == null || name.isBlank()) {
      missing.add("crop");
      return null;
    }
    CropNutrition crop = tables.crop(name).orElse(null);
    if (crop == null) {
      missing.add("crop=" + name + ": not in " + CropNutrition.FILE);
    }
    return crop;
  }

  private static Map<Nutrient, Double> readings(SoilNutrients soil, List<String> missing) {
    var readings = new EnumMap<Nutrient, Double>(Nutrient.class);
    put(readings, Nutrient.N, soil.nitrogen(), missing);
    put(readings, Nutrient.P, soil.phosphorus(), missing);
    put(readings, Nutrient.K, soil.potassium(), missing);
    return readings;
  }

  private static void put(
      Map<Nutrient, Double> readings, Nutrient nutrient, Double value, List<String> missing) {
    if (value == null) {
      missing.add(nutrient.json);
    } else {
      readings.put(nutrient, value);
    }
  }

  private FertilizationInputs inputs(
      String cropName, SoilNutrients soil, CropNutrition crop, Age age) {
    var given = new LinkedHashMap<String, Double>();
    given.put(Nutrient.N.json, soil.nitrogen());
    given.put(Nutrient.P.json, soil.phosphorus());
    given.put(Nutrient.K.json, soil.potassium());
    Map<String, Thresholds> thresholds = null;
    if (crop != null) {
      thresholds = new LinkedHashMap<>();
      for (Nutrient n : Nutrient.values()) {
        thresholds.put(n.json, crop.thresholds().get(n));
      }
    }
    SoilSampling sampling = tables.sampling();
    return new FertilizationInputs(
        cropName,
        given,
        soil.measuredAt(),
        age.days(),
        maxAge.toMinutes() / 1440.0,
        thresholds,
        sampling.bulkDensity(),
        sampling.depthCm(),
        round(sampling.kgPerHaPerMgKg()));
  }

  /** To 0.1: finer than any spreader. */
  static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
