package io.streamrag.agronomy.fertilization;

import io.streamrag.agronomy.table.Csv;
import io.streamrag.agronomy.table.Problem;
import io.streamrag.agronomy.table.ProblemList;
import io.streamrag.agronomy.table.TableException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fertilization KB's tables ({@code demo-knowledge/fertilization/tables/}), parsed from their
 * text: a service receives them as KB data and builds this without a restart or a build.
 */
public final class FertilizationTables {

  /** The file names this reads, as in the KB folder. */
  public static final List<String> FILES =
      List.of(CropNutrition.FILE, Fertilizer.FILE, SoilSampling.FILE);

  private final Map<String, CropNutrition> crops;
  private final Map<Nutrient, Fertilizer> products;
  private final SoilSampling sampling;

  private FertilizationTables(
      Map<String, CropNutrition> crops, Map<Nutrient, Fertilizer> products, SoilSampling sampling) {
    this.crops = crops;
    this.products = products;
    this.sampling = sampling;
  }

  /**
   * @param filesByName each file's text by its name ({@link #FILES}); other names are ignored
   * @throws TableException listing every problem of every file (file, line, why)
   */
  public static FertilizationTables parse(Map<String, String> filesByName) {
    var problems = new ProblemList();
    var crops =
        problems.collect(
            () ->
                Csv.index(
                    CropNutrition.FILE,
                    filesByName.get(CropNutrition.FILE),
                    CropNutrition.COLUMNS,
                    CropNutrition::read,
                    CropNutrition::keys));
    var products = problems.collect(() -> firstProducts(filesByName.get(Fertilizer.FILE)));
    var sampling = problems.collect(() -> SoilSampling.read(filesByName.get(SoilSampling.FILE)));
    problems.throwIfAny();
    return new FertilizationTables(crops, products, sampling);
  }

  /** The first product listed for each nutrient; every nutrient needs one. */
  private static Map<Nutrient, Fertilizer> firstProducts(String text) {
    var first = new EnumMap<Nutrient, Fertilizer>(Nutrient.class);
    Csv.read(
            Fertilizer.FILE,
            text,
            Fertilizer.COLUMNS,
            Fertilizer::read,
            product -> List.of(product.names().en()))
        .forEach(product -> first.putIfAbsent(product.nutrient(), product));
    for (Nutrient nutrient : Nutrient.values()) {
      if (!first.containsKey(nutrient)) {
        throw new TableException(
            List.of(new Problem(Fertilizer.FILE, 0, "has no product for_nutrient " + nutrient)));
      }
    }
    return first;
  }

  Optional<CropNutrition> crop(String crop) {
    return Optional.ofNullable(crops.get(Csv.key(crop)));
  }

  Fertilizer product(Nutrient nutrient) {
    return products.get(nutrient);
  }

  SoilSampling sampling() {
    return sampling;
  }
}
