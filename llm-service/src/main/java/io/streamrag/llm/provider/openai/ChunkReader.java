package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.Answer.TokenUsage;
import io.streamrag.llm.provider.model.ModelReply;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a streamed chat completion line by line ({@code data: {chunk}} … {@code data: [DONE]}) and
 * assembles the reply: text, tool calls, finish reason and the usage of the final chunk.
 */
final class ChunkReader {

  /**
   * What one line added.
   *
   * @param text text to stream on (empty when none)
   * @param delta whether the model produced something (text, a tool-call piece or reasoning)
   */
  record Piece(String text, boolean delta) {
    static final Piece NOTHING = new Piece("", false);
  }

  private final JsonMapper json;
  private final StringBuilder text = new StringBuilder();
  private final ToolCallDeltas toolCalls = new ToolCallDeltas();
  private String finishReason;
  private TokenUsage usage = TokenUsage.NONE;
  private volatile boolean done;

  ChunkReader(JsonMapper json) {
    this.json = json;
  }

  /**
   * Reads one line of the event stream.
   *
   * @throws EndpointException when the line is not JSON or the endpoint reports an error
   */
  Piece read(String line) {
    if (!line.startsWith("data:")) {
      return Piece.NOTHING; // blank separators, ": keep-alive" comments, event names
    }
    String data = line.substring(5).strip();
    if (data.equals("[DONE]")) {
      done = true;
      return Piece.NOTHING;
    }
    if (data.isEmpty()) {
      return Piece.NOTHING;
    }
    JsonNode chunk = parse(data);
    if (chunk.has("error")) {
      JsonNode error = chunk.get("error");
      throw EndpointException.failed(
          "the model reported: " + error.path("message").asString(error.toString()), null);
    }
    if (chunk.path("usage").isObject()) {
      JsonNode u = chunk.get("usage");
      usage =
          new TokenUsage(u.path("prompt_tokens").asInt(0), u.path("completion_tokens").asInt(0));
    }
    JsonNode choice = chunk.path("choices").path(0);
    if (choice.path("finish_reason").isString()) {
      finishReason = choice.path("finish_reason").asString();
    }
    return piece(choice.path("delta"));
  }

  private Piece piece(JsonNode delta) {
    boolean produced = false;
    if (delta.path("tool_calls").isArray() && !delta.path("tool_calls").isEmpty()) {
      toolCalls.add(delta.get("tool_calls"));
      produced = true;
    }
    // reasoning models stream their thinking first: it shows the model is working
    produced |= !delta.path("reasoning_content").asString("").isEmpty();
    produced |= !delta.path("reasoning").asString("").isEmpty();
    String content = delta.path("content").asString("");
    text.append(content);
    return new Piece(content, produced || !content.isEmpty());
  }

  private JsonNode parse(String data) {
    try {
      return json.readTree(data);
    } catch (JacksonException e) {
      throw EndpointException.failed("malformed stream: " + abbreviate(data), e);
    }
  }

  /** {@code data: [DONE]} has arrived. */
  boolean done() {
    return done;
  }

  /** The reply is complete: {@code [DONE]} or a finish reason has arrived. */
  boolean finished() {
    return done || finishReason != null;
  }

  ModelReply reply(String provider, String model) {
    String finish =
        finishReason != null ? finishReason : toolCalls.isEmpty() ? "stop" : "tool_calls";
    return new ModelReply(
        text.toString(), toolCalls.calls(), finish, usage, provider, model, List.of());
  }

  static String abbreviate(String s) {
    return s.length() > 200 ? s.substring(0, 200) + "…" : s;
  }
}
