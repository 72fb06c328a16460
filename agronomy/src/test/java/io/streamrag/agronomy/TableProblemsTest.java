package io.streamrag.agronomy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.streamrag.agronomy.fertilization.FertilizationTables;
import io.streamrag.agronomy.irrigation.IrrigationTables;
import io.streamrag.agronomy.table.Problem;
import io.streamrag.agronomy.table.TableException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An edited table that cannot be used is refused with every problem, file and line. */
class TableProblemsTest {

  private static Map<String, String> edited(
      Map<String, String> files, String file, String from, String to) {
    var copy = new HashMap<>(files);
    assertThat(copy.get(file)).contains(from);
    copy.put(file, copy.get(file).replace(from, to));
    return copy;
  }

  private static int lineOf(String text, String start) {
    var lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(start)) {
        return i + 1;
      }
    }
    throw new AssertionError(start);
  }

  @Test
  void givenTwoBrokenIrrigationFilesWhenParsedThenBothAreReportedAtOnce() {
    // given loam's wilting point above its field capacity, and maize's p as a percentage
    var soilEdited =
        edited(
            DemoKnowledge.irrigationFiles(), "soil-water.csv", "loam,0.25,0.12", "loam,0.25,0.27");
    var files =
        edited(
            soilEdited,
            "crops.csv",
            "maize,0.3,1.20,0.35,1.0,1.7,0.55",
            "maize,0.3,1.20,0.35,1.0,1.7,55");

    // when
    var e =
        catchThrowableOfType(TableException.class, () -> IrrigationTables.parse(Map.copyOf(files)));

    // then
    assertThat(e.problems())
        .containsExactly(
            new Problem(
                "soil-water.csv",
                lineOf(files.get("soil-water.csv"), "loam,"),
                "theta_wp 0.27 is not below theta_fc 0.25"),
            new Problem(
                "crops.csv",
                lineOf(files.get("crops.csv"), "maize,"),
                "column 'p': 55 is outside 0.05–0.9"));
  }

  @Test
  void givenATableFileNotSuppliedWhenParsedThenItIsNamed() {
    var files = new HashMap<>(DemoKnowledge.irrigationFiles());
    files.remove("water-balance.csv");

    var e = catchThrowableOfType(TableException.class, () -> IrrigationTables.parse(files));

    assertThat(e).hasMessage("water-balance.csv: the table file was not supplied");
  }

  @Test
  void givenAnAliasUsedByTwoCropsWhenParsedThenTheSecondLineNamesTheFirst() {
    var files = edited(DemoKnowledge.irrigationFiles(), "crops.csv", "grain sorghum|", "corn|");

    var e = catchThrowableOfType(TableException.class, () -> IrrigationTables.parse(files));

    assertThat(e.getMessage())
        .isEqualTo(
            "crops.csv line "
                + lineOf(files.get("crops.csv"), "sorghum,")
                + ": 'corn' is already on line "
                + lineOf(files.get("crops.csv"), "maize,"));
  }

  @Test
  void givenFertilizersWithoutAPotassiumProductWhenParsedThenThatIsTheProblem() {
    var files = edited(DemoKnowledge.fertilizationFiles(), "fertilizers.csv", ",K,", ",N,");

    var e = catchThrowableOfType(TableException.class, () -> FertilizationTables.parse(files));

    assertThat(e.getMessage()).contains("fertilizers.csv line").contains("n_pct is 0");
  }

  @Test
  void givenAThresholdTheWrongWayRoundWhenParsedThenTheRowSaysWhich() {
    var files =
        edited(
            DemoKnowledge.fertilizationFiles(),
            "npk-thresholds.csv",
            "\nwheat,10,20,",
            "\nwheat,30,20,");

    var e = catchThrowableOfType(TableException.class, () -> FertilizationTables.parse(files));

    assertThat(e.problems())
        .containsExactly(
            new Problem(
                "npk-thresholds.csv",
                lineOf(files.get("npk-thresholds.csv"), "wheat,"),
                "n_low_below 30.0 is above n_high_from 20.0"));
  }
}
