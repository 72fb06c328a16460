package io.streamrag.llm;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * llm-service settings ({@code llm.*}). With base URL, key and model all set the OpenAI-compatible
 * provider answers; with none set, the extractive one does. Setting only some of them is an error.
 *
 * @param baseUrl {@code LLM_BASE_URL}, e.g. {@code https://api.openai.com/v1}
 * @param apiKey {@code LLM_API_KEY}
 * @param model {@code LLM_MODEL}, e.g. {@code gpt-4o}
 * @param timeout the longest one answer may take
 * @param startupTimeout how long start-up waits to read the KB configurations
 */
@Validated
@ConfigurationProperties("llm")
public record LlmProperties(
    String baseUrl,
    String apiKey,
    String model,
    @NotNull Duration timeout,
    @NotNull Duration startupTimeout) {

  /** True when a remote model is configured; fails fast on a half-done configuration. */
  public boolean remote() {
    int set = (blank(baseUrl) ? 0 : 1) + (blank(apiKey) ? 0 : 1) + (blank(model) ? 0 : 1);
    if (set != 0 && set != 3) {
      throw new IllegalStateException(
          "llm.base-url, llm.api-key and llm.model (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL) must be set together;"
              + " only "
              + set
              + " of them is set");
    }
    return set == 3;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
