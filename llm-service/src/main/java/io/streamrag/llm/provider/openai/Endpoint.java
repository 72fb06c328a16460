package io.streamrag.llm.provider.openai;

import java.net.URI;
import java.time.Duration;

/**
 * One OpenAI-compatible chat endpoint ({@code POST {baseUrl}/chat/completions}).
 *
 * @param name the provider's name, shown to users and in logs, e.g. {@code gapgpt}
 * @param baseUrl e.g. {@code https://api.gapgpt.app/v1}
 * @param apiKey the bearer key; blank for endpoints without one (a local vLLM or Ollama)
 * @param model e.g. {@code gpt-4o-mini}
 * @param connectTimeout the longest a TCP/TLS connection may take
 * @param firstTokenTimeout the longest from sending the request to the first delta
 * @param idleTimeout the longest gap between two streamed deltas
 * @param totalTimeout the longest a whole reply may take, however steadily it streams
 * @param tools whether the endpoint supports tool calling
 */
public record Endpoint(
    String name,
    URI baseUrl,
    String apiKey,
    String model,
    Duration connectTimeout,
    Duration firstTokenTimeout,
    Duration idleTimeout,
    Duration totalTimeout,
    boolean tools) {

  /** {@code {baseUrl}/chat/completions}. */
  URI chatCompletions() {
    return URI.create(baseUrl.toString().replaceAll("/+$", "") + "/chat/completions");
  }
}
