package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void nearestRankOfAHundredValues() {
    double[] values = new double[100];
    for (int i = 0; i < 100; i++) {
      values[i] = 100 - i; // 100 … 1, unsorted on purpose
    }

    var p = Percentiles.of(values);

    assertThat(p.p50()).isEqualTo(50);
    assertThat(p.p95()).isEqualTo(95);
    assertThat(p.p99()).isEqualTo(99);
    assertThat(p.max()).isEqualTo(100);
  }

  @Test
  void anEmptySampleHasNoPercentiles() {
    assertThat(Percentiles.of(new double[0]).count()).isZero();
  }
}
