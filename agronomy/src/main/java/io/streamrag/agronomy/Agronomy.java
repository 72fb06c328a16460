package io.streamrag.agronomy;

import io.streamrag.agronomy.fertilization.FertilizationAdvice;
import io.streamrag.agronomy.fertilization.FertilizationAdvisor;
import io.streamrag.agronomy.fertilization.FertilizationTables;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.irrigation.IrrigationAdvice;
import io.streamrag.agronomy.irrigation.IrrigationAdvisor;
import io.streamrag.agronomy.irrigation.IrrigationTables;
import io.streamrag.agronomy.table.TableException;
import io.streamrag.agronomy.table.TableFiles;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Recommendations a farmer can act on (S1.10): irrigation by the FAO-56 root-zone water balance and
 * fertilization from the soil test, both computed from the field's data and the KB tables. A
 * language model may explain the numbers; it never sets them. Immutable and thread-safe: build a
 * new one when a table changes.
 */
public final class Agronomy {

  private final IrrigationAdvisor irrigation;
  private final FertilizationAdvisor fertilization;

  public Agronomy(IrrigationAdvisor irrigation, FertilizationAdvisor fertilization) {
    this.irrigation = irrigation;
    this.fertilization = fertilization;
  }

  /**
   * From the tables' texts, with the default staleness limits (24 h for moisture, 7 days for the
   * soil test).
   *
   * @param irrigationFiles the irrigation KB's table files by name ({@link IrrigationTables#FILES})
   * @param fertilizationFiles the fertilization KB's ({@link FertilizationTables#FILES})
   * @throws TableException listing every problem (file, line, why)
   */
  public static Agronomy of(
      Map<String, String> irrigationFiles, Map<String, String> fertilizationFiles, Clock clock) {
    return new Agronomy(
        IrrigationAdvisor.of(irrigationFiles, clock),
        FertilizationAdvisor.of(fertilizationFiles, clock));
  }

  /**
   * From a knowledge folder on disk: {@code <root>/irrigation/tables/*.csv} and {@code
   * <root>/fertilization/tables/*.csv}.
   */
  public static Agronomy fromFolder(Path knowledgeRoot, Clock clock) {
    return of(
        TableFiles.read(knowledgeRoot.resolve("irrigation/tables")),
        TableFiles.read(knowledgeRoot.resolve("fertilization/tables")),
        clock);
  }

  /** The same tables with other staleness limits. */
  public static Agronomy of(
      Map<String, String> irrigationFiles,
      Map<String, String> fertilizationFiles,
      Clock clock,
      Duration moistureMaxAge,
      Duration nutrientsMaxAge) {
    return new Agronomy(
        new IrrigationAdvisor(IrrigationTables.parse(irrigationFiles), clock, moistureMaxAge),
        new FertilizationAdvisor(
            FertilizationTables.parse(fertilizationFiles), clock, nutrientsMaxAge));
  }

  /** See {@link IrrigationAdvisor#advise}. */
  public IrrigationAdvice irrigation(
      FieldState field, List<ForecastDay> forecast, String language) {
    return irrigation.advise(field, forecast, language);
  }

  /** See {@link IrrigationAdvisor#advise}: with the field's weather station's days. */
  public IrrigationAdvice irrigation(
      FieldState field, List<ForecastDay> forecast, ObservedWeather observed, String language) {
    return irrigation.advise(field, forecast, observed, language);
  }

  /** See {@link FertilizationAdvisor#advise}. */
  public FertilizationAdvice fertilization(FieldState field, String language) {
    return fertilization.advise(field, language);
  }
}
