package io.streamrag.llm.provider.openai;

import java.net.URI;
import java.time.Duration;

/** Endpoints for tests: small timeouts so stalls are cut in a fraction of a second. */
public final class Endpoints {

  public static final Duration FIRST_TOKEN = Duration.ofMillis(300);
  public static final Duration IDLE = Duration.ofMillis(300);

  private Endpoints() {}

  public static Endpoint of(String name, FakeOpenAiServer server) {
    return of(name, server.baseUrl(), false);
  }

  public static Endpoint of(String name, String baseUrl, boolean tools) {
    return new Endpoint(
        name,
        URI.create(baseUrl),
        "sk-" + name,
        "model-of-" + name,
        Duration.ofSeconds(2),
        FIRST_TOKEN,
        IDLE,
        Duration.ofSeconds(10),
        tools);
  }

  public static OpenAiClient client(String name, FakeOpenAiServer server) {
    return new OpenAiClient(of(name, server), new tools.jackson.databind.json.JsonMapper());
  }
}
