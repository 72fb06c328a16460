package io.streamrag.agronomy;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.agronomy.fertilization.FertilizationTables;
import io.streamrag.agronomy.irrigation.IrrigationTables;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The tables shipped in the KB folders are complete, cited and parse. */
class DemoTablesTest {

  private static final List<String> USDA_TEXTURES =
      List.of(
          "sand",
          "loamy sand",
          "sandy loam",
          "loam",
          "silt loam",
          "silt",
          "sandy clay loam",
          "clay loam",
          "silty clay loam",
          "sandy clay",
          "silty clay",
          "clay");

  @Test
  void theShippedTablesParse() {
    IrrigationTables.parse(DemoKnowledge.irrigationFiles());
    FertilizationTables.parse(DemoKnowledge.fertilizationFiles());
  }

  @Test
  void soilWaterCoversTheTwelveUsdaTexturesUsedInProfiles() {
    assertThat(firstColumn(DemoKnowledge.irrigationFiles().get("soil-water.csv")))
        .containsExactlyInAnyOrderElementsOf(USDA_TEXTURES);
  }

  @Test
  void atLeastTenCropsHaveWaterParametersAndEachHasSoilTestThresholds() {
    Set<String> water = firstColumn(DemoKnowledge.irrigationFiles().get("crops.csv"));
    Set<String> nutrients =
        firstColumn(DemoKnowledge.fertilizationFiles().get("npk-thresholds.csv"));

    assertThat(water)
        .hasSizeGreaterThanOrEqualTo(10)
        .contains(
            "wheat",
            "maize",
            "barley",
            "rice",
            "potato",
            "tomato",
            "alfalfa",
            "cotton",
            "sugar beet");
    assertThat(nutrients).isEqualTo(water);
  }

  @Test
  void everyTableFileCitesItsSourceInAHeaderComment() {
    var files = new HashMap<String, String>();
    files.putAll(DemoKnowledge.irrigationFiles());
    files.putAll(DemoKnowledge.fertilizationFiles());

    assertThat(files.keySet())
        .containsExactlyInAnyOrderElementsOf(
            concat(IrrigationTables.FILES, FertilizationTables.FILES));
    assertThat(files)
        .allSatisfy(
            (name, text) -> {
              assertThat(text).startsWith("#");
              assertThat(
                      text.lines().takeWhile(l -> l.startsWith("#")).collect(Collectors.joining()))
                  .containsIgnoringCase("source");
            });
  }

  private static Set<String> firstColumn(String csv) {
    return csv.lines()
        .filter(l -> !l.isBlank() && !l.startsWith("#"))
        .skip(1)
        .map(l -> l.split(",")[0])
        .collect(Collectors.toSet());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
