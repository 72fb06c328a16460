package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.ProviderStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

@SuppressWarnings("unchecked") // health details are a map of what ProvidersHealth put in
class ProvidersHealthTest {

  static final ProviderStatus GAPGPT_OPEN =
      new ProviderStatus("gapgpt", "gpt-4o-mini", true, "OPEN", null, false);
  static final ProviderStatus AVALAI_LIMITED =
      new ProviderStatus(
          "avalai", "gpt-4o-mini", false, "CLOSED", Instant.parse("2026-11-29T10:00:30Z"), false);
  static final ProviderStatus AVALAI_UP =
      new ProviderStatus("avalai", "gpt-4o-mini", false, "CLOSED", null, true);

  @Test
  void eachProviderIsListedWithItsBreakerStateAndWhoAnswersNow() {
    Health health = ProvidersHealth.of(List.of(GAPGPT_OPEN, AVALAI_UP), true);

    assertThat(health.getStatus()).isEqualTo(Status.UP);
    assertThat(health.getDetails()).containsEntry("answering", "avalai");
    assertThat((Map<String, Object>) health.getDetails().get("gapgpt"))
        .containsEntry("breaker", "OPEN")
        .containsEntry("available", false);
  }

  @Test
  void whenEveryModelIsDownTheServiceStaysUpAndSaysTheExtractiveProviderAnswers() {
    Health health = ProvidersHealth.of(List.of(GAPGPT_OPEN, AVALAI_LIMITED), true);

    assertThat(health.getStatus()).isEqualTo(Status.UP);
    assertThat(health.getDetails().get("answering").toString())
        .startsWith("extractive")
        .contains("every model provider is unavailable");
    assertThat((Map<String, Object>) health.getDetails().get("avalai"))
        .containsEntry("rateLimitedUntil", "2026-11-29T10:00:30Z");
  }

  @Test
  void withTheExtractiveFallbackOffEveryModelDownIsDown() {
    Health health = ProvidersHealth.of(List.of(GAPGPT_OPEN, AVALAI_LIMITED), false);

    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
  }

  @Test
  void withNoModelConfiguredItIsUpAndSaysSo() {
    Health health = ProvidersHealth.of(List.of(), false);

    assertThat(health.getStatus()).isEqualTo(Status.UP);
    assertThat(health.getDetails().get("answering").toString()).contains("no model provider");
  }
}
