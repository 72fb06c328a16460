package io.streamrag.llm.provider;

import io.streamrag.llm.prompt.Prompt;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Any OpenAI-compatible chat endpoint ({@code POST {baseUrl}/chat/completions} with {@code stream:
 * true}): OpenAI, GapGPT, Avalai, vLLM, Ollama… The system message carries tone, instructions and
 * context; the user message the question. Server-sent {@code data:} chunks are relayed as tokens.
 */
public final class OpenAiCompatibleProvider implements AnswerProvider {

  private static final Pattern CITATION = Pattern.compile("\\[(\\d{1,2})]");

  private final HttpClient http;
  private final JsonMapper json;
  private final URI endpoint;
  private final String apiKey;
  private final String model;
  private final Duration timeout;

  /**
   * @param baseUrl e.g. {@code https://api.openai.com/v1}
   * @param timeout the longest a whole answer may take
   */
  public OpenAiCompatibleProvider(
      String baseUrl, String apiKey, String model, Duration timeout, JsonMapper json) {
    this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/chat/completions");
    this.apiKey = apiKey;
    this.model = model;
    this.timeout = timeout;
    this.json = json;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  }

  @Override
  public String name() {
    return "openai";
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public Answer answer(Prompt prompt, ContextRetrieved context, Consumer<String> tokens) {
    var body = Map.of("model", model, "stream", true, "messages", messages(prompt));
    var request =
        HttpRequest.newBuilder(endpoint)
            .timeout(timeout)
            .header("Authorization", "Bearer " + apiKey)
            .header("Content-Type", "application/json")
            .header("Accept", "text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)))
            .build();
    HttpResponse<Stream<String>> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofLines());
    } catch (IOException e) {
      throw new ProviderException(
          "the model endpoint " + endpoint.getHost() + " is unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProviderException("interrupted while waiting for the model", e);
    }
    var answer = new StringBuilder();
    try (Stream<String> lines = response.body()) {
      if (response.statusCode() / 100 != 2) {
        String detail = String.join(" ", lines.limit(20).toList());
        throw new ProviderException(
            "the model endpoint answered HTTP " + response.statusCode() + ": " + abbreviate(detail),
            null);
      }
      lines.forEach(
          line -> {
            String piece = content(line);
            if (piece != null && !piece.isEmpty()) {
              answer.append(piece);
              tokens.accept(piece);
            }
          });
    } catch (java.io.UncheckedIOException e) {
      throw new ProviderException("the model stream broke off: " + e.getMessage(), e);
    }
    return new Answer(
        cited(answer, context.getPassages().size()), name(), model, Answer.TokenUsage.NONE);
  }

  private static List<Map<String, String>> messages(Prompt prompt) {
    var messages = new ArrayList<Map<String, String>>();
    messages.add(Map.of("role", "system", "content", prompt.system()));
    for (Prompt.Turn turn : prompt.history()) {
      messages.add(Map.of("role", "user", "content", turn.question()));
      messages.add(Map.of("role", "assistant", "content", turn.answer()));
    }
    messages.add(Map.of("role", "user", "content", prompt.user()));
    return messages;
  }

  /** The text of one {@code data:} line, or {@code null} for anything else. */
  private String content(String line) {
    if (!line.startsWith("data:")) {
      return null;
    }
    String data = line.substring(5).strip();
    if (data.isEmpty() || data.equals("[DONE]")) {
      return null;
    }
    JsonNode chunk = json.readTree(data);
    if (chunk.has("error")) {
      throw new ProviderException(
          "the model reported: "
              + chunk.get("error").path("message").asString(chunk.get("error").toString()),
          null);
    }
    JsonNode delta = chunk.path("choices").path(0).path("delta").path("content");
    return delta.isString() ? delta.asString() : null;
  }

  /** The passage numbers the answer cites with [n]. */
  private static List<Integer> cited(CharSequence answer, int passages) {
    var cited = new ArrayList<Integer>();
    Matcher m = CITATION.matcher(answer);
    while (m.find()) {
      int n = Integer.parseInt(m.group(1));
      if (n >= 1 && n <= passages && !cited.contains(n)) {
        cited.add(n);
      }
    }
    return cited;
  }

  private static String abbreviate(String s) {
    return s.length() > 300 ? s.substring(0, 300) + "…" : s;
  }
}
