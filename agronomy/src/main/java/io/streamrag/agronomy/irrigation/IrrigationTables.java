package io.streamrag.agronomy.irrigation;

import io.streamrag.agronomy.table.Csv;
import io.streamrag.agronomy.table.ProblemList;
import io.streamrag.agronomy.table.TableException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The irrigation KB's tables ({@code demo-knowledge/irrigation/tables/}), parsed from their text: a
 * service receives them as KB data and builds this without a restart or a build.
 */
public final class IrrigationTables {

  /** The file names this reads, as in the KB folder. */
  public static final List<String> FILES =
      List.of(SoilWater.FILE, CropWater.FILE, IrrigationMethod.FILE, RainRule.FILE);

  private final Map<String, SoilWater> soils;
  private final Map<String, CropWater> crops;
  private final Map<String, IrrigationMethod> methods;
  private final RainRule rain;

  private IrrigationTables(
      Map<String, SoilWater> soils,
      Map<String, CropWater> crops,
      Map<String, IrrigationMethod> methods,
      RainRule rain) {
    this.soils = soils;
    this.crops = crops;
    this.methods = methods;
    this.rain = rain;
  }

  /**
   * @param filesByName each file's text by its name ({@link #FILES}); other names are ignored
   * @throws TableException listing every problem of every file (file, line, why)
   */
  public static IrrigationTables parse(Map<String, String> filesByName) {
    var problems = new ProblemList();
    var soils =
        problems.collect(
            () ->
                Csv.index(
                    SoilWater.FILE,
                    filesByName.get(SoilWater.FILE),
                    SoilWater.COLUMNS,
                    SoilWater::read,
                    soil -> List.of(soil.texture())));
    var crops =
        problems.collect(
            () ->
                Csv.index(
                    CropWater.FILE,
                    filesByName.get(CropWater.FILE),
                    CropWater.COLUMNS,
                    CropWater::read,
                    CropWater::keys));
    var methods =
        problems.collect(
            () ->
                Csv.index(
                    IrrigationMethod.FILE,
                    filesByName.get(IrrigationMethod.FILE),
                    IrrigationMethod.COLUMNS,
                    IrrigationMethod::read,
                    IrrigationMethod::keys));
    var rain = problems.collect(() -> RainRule.read(filesByName.get(RainRule.FILE)));
    problems.throwIfAny();
    return new IrrigationTables(soils, crops, methods, rain);
  }

  Optional<SoilWater> soil(String texture) {
    return Optional.ofNullable(soils.get(Csv.key(texture)));
  }

  Optional<CropWater> crop(String crop) {
    return Optional.ofNullable(crops.get(Csv.key(crop)));
  }

  Optional<IrrigationMethod> method(String method) {
    return Optional.ofNullable(methods.get(Csv.key(method)));
  }

  RainRule rain() {
    return rain;
  }
}
