package io.streamrag.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RelevanceCalibrationTest {

  @Test
  void aFitOnLabelsDrawnFromAKnownCurveRecoversThatCurve() {
    // given 20,000 passages whose relevance follows p = sigmoid(3 × raw − 2)
    var truth = new RelevanceCalibration(3, -2);
    var random = new Random(7);
    double[] raw = new double[20_000];
    boolean[] relevant = new boolean[raw.length];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = random.nextDouble() * 2 - 0.5;
      relevant[i] = random.nextDouble() < truth.probability(raw[i]);
    }

    // when fitted
    var fitted = RelevanceCalibration.fit(raw, relevant);

    // then it gives the same probabilities
    assertThat(fitted.scale()).isCloseTo(3, offset(0.2));
    assertThat(fitted.shift()).isCloseTo(-2, offset(0.15));
    assertThat(fitted.probability(0.5)).isCloseTo(truth.probability(0.5), offset(0.02));
  }

  @Test
  void probabilitiesStayInsideZeroAndOneAndRiseWithTheRawScore() {
    var c = FusedOrderReranker.CALIBRATION;

    assertThat(c.probability(-1e9)).isBetween(0.0, 1.0);
    assertThat(c.probability(1e9)).isBetween(0.0, 1.0);
    assertThat(c.probability(0.2)).isLessThan(c.probability(0.5)).isLessThan(c.probability(1));
  }

  @Test
  void aFitWithoutBothKindsOfExampleOrACurveThatFallsIsRefused() {
    assertThatThrownBy(
            () -> RelevanceCalibration.fit(new double[] {0.1, 0.9}, new boolean[] {true, true}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("relevant and irrelevant");
    assertThatThrownBy(
            () ->
                RelevanceCalibration.fit(
                    new double[] {0.1, 0.2, 0.8, 0.9}, new boolean[] {true, true, false, false}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive scale");
  }
}
