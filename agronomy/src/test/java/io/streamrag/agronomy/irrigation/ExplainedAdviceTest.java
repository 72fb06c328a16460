package io.streamrag.agronomy.irrigation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A model's explanation replaces the reason and is kept as raw_response; no number moves. */
class ExplainedAdviceTest {

  @Test
  void anExplanationChangesOnlyTheReasonAndTheRawResponse() {
    var computed =
        IrrigationCases.advisor()
            .advise(IrrigationCases.maize(18), IrrigationCases.days(8.0), "en");

    var explained = computed.explainedBy("Irrigate 77.8 mm now.");

    assertThat(explained.reason()).isEqualTo("Irrigate 77.8 mm now.");
    assertThat(explained.rawResponse()).isEqualTo("Irrigate 77.8 mm now.");
    assertThat(explained)
        .usingRecursiveComparison()
        .ignoringFields("reason", "rawResponse")
        .isEqualTo(computed);
  }
}
