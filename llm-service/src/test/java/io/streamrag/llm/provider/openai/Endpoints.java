package io.streamrag.llm.provider.openai;

import java.net.URI;
import java.time.Duration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Endpoints for tests. Patient ones by default, so a cold first request on a busy machine is not
 * taken for a stall; a stall test shortens only the timeout it is about.
 */
public final class Endpoints {

  /** Long enough for any healthy exchange here. */
  public static final Duration PATIENT = Duration.ofSeconds(5);

  /** What a stall test waits: a fraction of a second. */
  public static final Duration SHORT = Duration.ofMillis(300);

  private Endpoints() {}

  public static Endpoint of(String name, String baseUrl, boolean tools) {
    return of(name, baseUrl, tools, PATIENT, PATIENT);
  }

  public static Endpoint of(
      String name, String baseUrl, boolean tools, Duration firstToken, Duration idle) {
    return new Endpoint(
        name,
        URI.create(baseUrl),
        "sk-" + name,
        "model-of-" + name,
        Duration.ofSeconds(2),
        firstToken,
        idle,
        Duration.ofSeconds(10),
        tools);
  }

  public static OpenAiClient client(String name, FakeOpenAiServer server) {
    return client(name, server, PATIENT, PATIENT);
  }

  public static OpenAiClient client(
      String name, FakeOpenAiServer server, Duration firstToken, Duration idle) {
    return new OpenAiClient(
        of(name, server.baseUrl(), false, firstToken, idle), new JsonMapper(), ModelCalls.THREADS);
  }
}
