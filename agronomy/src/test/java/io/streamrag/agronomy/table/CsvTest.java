package io.streamrag.agronomy.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {

  record Soil(String texture, double fc) {}

  private static final List<String> COLUMNS = List.of("texture", "theta_fc");

  private static List<Soil> read(String text) {
    return Csv.read(
        "soil-water.csv",
        text,
        COLUMNS,
        row -> new Soil(row.key("texture"), row.number("theta_fc", 0, 1)),
        soil -> List.of(soil.texture()));
  }

  private static List<Problem> problems(String text) {
    try {
      read(text);
    } catch (TableException e) {
      return e.problems();
    }
    throw new AssertionError("no problem reported");
  }

  @Test
  void givenCommentsAndBlankLinesWhenReadThenOnlyTheRowsUnderTheHeaderAreValues() {
    // given
    String text =
        "# Source: FAO-56 Table 19\n\ntexture,theta_fc\n# a note\nLoam,0.25\nsand, 0.12\n";

    // when
    var soils = read(text);

    // then
    assertThat(soils).containsExactly(new Soil("loam", 0.25), new Soil("sand", 0.12));
  }

  @Test
  void givenARowWithAnExtraCellWhenReadThenTheProblemNamesFileLineAndCellCount() {
    assertThat(problems("# c\ntexture,theta_fc\nloam,0.25\nsand,0.12,0.04\n"))
        .containsExactly(
            new Problem("soil-water.csv", 4, "has 3 cells, the header has 2 [texture, theta_fc]"));
  }

  @Test
  void givenAWordWhereANumberBelongsWhenReadThenTheProblemNamesColumnAndValue() {
    assertThat(problems("texture,theta_fc\nloam,0,25\n".replace("0,25", "zero")))
        .containsExactly(
            new Problem("soil-water.csv", 2, "column 'theta_fc': 'zero' is not a number"));
  }

  @Test
  void givenAValueOutsideItsRangeWhenReadThenTheProblemGivesTheRange() {
    assertThat(problems("texture,theta_fc\nloam,25\n"))
        .containsExactly(
            new Problem("soil-water.csv", 2, "column 'theta_fc': 25 is outside 0.0–1.0"));
  }

  @Test
  void givenAHeaderWithoutANeededColumnWhenReadThenThatIsTheOnlyProblemReported() {
    assertThat(problems("texture,fc\nloam,0.25\nsand,0.12\n"))
        .containsExactly(new Problem("soil-water.csv", 1, "the header lacks column 'theta_fc'"));
  }

  @Test
  void givenTheSameKeyTwiceWhenReadThenTheSecondLineNamesTheFirst() {
    assertThat(problems("texture,theta_fc\nloam,0.25\nsand,0.12\nLOAM,0.27\n"))
        .containsExactly(new Problem("soil-water.csv", 4, "'loam' is already on line 2"));
  }

  @Test
  void givenSeveralBadRowsWhenReadThenEveryOneIsReportedInLineOrder() {
    var problems = problems("texture,theta_fc\nloam,x\nsand,0.12\nclay,\n");

    assertThat(problems).extracting(Problem::line).containsExactly(2, 4);
    assertThat(problems.get(1).why()).isEqualTo("column 'theta_fc' is empty");
  }

  @Test
  void givenNoFileOrNoRowsWhenReadThenTheFileAsAWholeIsReported() {
    assertThat(problems(null))
        .containsExactly(new Problem("soil-water.csv", 0, "the table file was not supplied"));
    assertThat(problems("# only comments\n"))
        .containsExactly(
            new Problem("soil-water.csv", 0, "has no header line [texture, theta_fc]"));
    assertThat(problems("texture,theta_fc\n"))
        .containsExactly(new Problem("soil-water.csv", 0, "has a header but no rows"));
  }

  @Test
  void givenAProblemWhenPrintedThenItReadsFileLineAndWhy() {
    assertThatThrownBy(() -> read("texture,theta_fc\nloam,x\n"))
        .hasMessage("soil-water.csv line 2: column 'theta_fc': 'x' is not a number");
  }

  @Test
  void givenAParameterTableWhenAParameterIsAbsentThenTheFileSaysWhich() {
    var parameters = Parameters.read("water-balance.csv", "parameter,value\nrain,0.8\n");

    assertThat(parameters.number("rain", 0, 1)).isEqualTo(0.8);
    assertThatThrownBy(() -> parameters.number("threshold", 0, 1))
        .hasMessage("water-balance.csv: lacks parameter 'threshold'");
    assertThatThrownBy(() -> parameters.number("rain", 0, 0.5))
        .hasMessage("water-balance.csv line 2: rain: column 'value': 0.8 is outside 0.0–0.5");
  }
}
