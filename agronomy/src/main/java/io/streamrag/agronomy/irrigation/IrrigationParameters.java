package io.streamrag.agronomy.irrigation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The parameters the balance used, echoed so anyone can redo the arithmetic.
 *
 * @param thetaFc θFC, m³/m³ (soil-water.csv)
 * @param thetaWp θWP, m³/m³ (soil-water.csv)
 * @param zrM root depth Zr used, m (crops.csv, Table 22's shallow end)
 * @param pTable p of FAO-56 Table 22, for ETc ≈ 5 mm/day
 * @param p p adjusted for today's ETc (Table 22 footnote), within 0.1–0.8
 * @param kc Kc used (crops.csv, FAO-56 Table 12)
 * @param kcStage the growth stage Kc was taken for
 * @param kcStageAssumed true when no stage was given and mid-season was assumed
 * @param efficiency application efficiency of the irrigation method (irrigation-methods.csv)
 * @param tawMm TAW, mm (eq. 82)
 * @param rawMm RAW today, mm (eq. 83)
 * @param depletionMm Dr at the start of today: at the reading (eq. 86), then through the station's
 *     observed days when counted, within 0–TAW
 * @param depletionAtReadingMm Dr at the moisture reading (eq. 86)
 * @param rainEffectiveFraction share of rain counted (water-balance.csv)
 * @param rainIgnoredBelowEt0Fraction rain below this × ET0 is ignored (water-balance.csv)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record IrrigationParameters(
    @JsonProperty("theta_fc") double thetaFc,
    @JsonProperty("theta_wp") double thetaWp,
    @JsonProperty("zr_m") double zrM,
    @JsonProperty("p_table") double pTable,
    double p,
    double kc,
    @JsonProperty("kc_stage") String kcStage,
    @JsonProperty("kc_stage_assumed") boolean kcStageAssumed,
    double efficiency,
    @JsonProperty("taw_mm") double tawMm,
    @JsonProperty("raw_mm") double rawMm,
    @JsonProperty("depletion_mm") double depletionMm,
    @JsonProperty("depletion_at_reading_mm") double depletionAtReadingMm,
    @JsonProperty("rain_effective_fraction") double rainEffectiveFraction,
    @JsonProperty("rain_ignored_below_et0_fraction") double rainIgnoredBelowEt0Fraction) {

  static IrrigationParameters of(
      FieldLookup lookup,
      double zr,
      double kc,
      double taw,
      double depletion,
      double depletionAtReading,
      DayWater today,
      RainRule rain) {
    return new IrrigationParameters(
        lookup.soil().thetaFc(),
        lookup.soil().thetaWp(),
        zr,
        lookup.crop().p(),
        Round.fraction(today.p()),
        Round.fraction(kc),
        lookup.stage().label(),
        lookup.stageAssumed(),
        lookup.method().efficiency(),
        Round.mm(taw),
        Round.mm(today.rawMm()),
        Round.mm(depletion),
        Round.mm(depletionAtReading),
        rain.effectiveFraction(),
        rain.ignoredBelowEt0Fraction());
  }
}
