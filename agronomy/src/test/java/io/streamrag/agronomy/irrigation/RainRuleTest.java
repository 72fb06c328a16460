package io.streamrag.agronomy.irrigation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RainRuleTest {

  private final RainRule rule = new RainRule(0.8, 0.2);

  @Test
  void rainBelowAFifthOfTheDaysEt0EvaporatesAndCountsForNothing() {
    assertThat(rule.effective(0.9, 5)).isZero();
  }

  @Test
  void largerRainCountsItsFixedShare() {
    assertThat(rule.effective(1.0, 5)).isCloseTo(0.8, within(1e-9));
    assertThat(rule.effective(10, 5)).isCloseTo(8, within(1e-9));
  }
}
