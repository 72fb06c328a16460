package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

  static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  @Test
  void secondsCountFromNow() {
    assertThat(RetryAfter.until("120", NOW)).contains(NOW.plusSeconds(120));
  }

  @Test
  void anHttpDateIsThatInstant() {
    assertThat(RetryAfter.until("Sun, 29 Nov 2026 10:00:05 GMT", NOW)).contains(NOW.plusSeconds(5));
  }

  @Test
  void aDateInThePastMeansNow() {
    assertThat(RetryAfter.until("Sun, 29 Nov 2026 09:00:00 GMT", NOW)).contains(NOW);
  }

  @Test
  void anAbsentOrUnreadableHeaderGivesNoTime() {
    assertThat(RetryAfter.until(null, NOW)).isEmpty();
    assertThat(RetryAfter.until("soon", NOW)).isEmpty();
    assertThat(RetryAfter.until("99999999999999999999", NOW)).isEmpty();
  }
}
