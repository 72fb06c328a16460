package io.streamrag.llm.provider.openai;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@link FakeOpenAiServer} answers to one request: a status, headers, and for a 200 a series
 * of server-sent lines and pauses, written in order as the OpenAI streaming protocol has them.
 */
public final class Script {

  private static final JsonMapper JSON = new JsonMapper();

  /** One thing the server does. */
  sealed interface Step {}

  record Write(String line) implements Step {}

  record Pause(Duration duration) implements Step {}

  record Gap(Duration duration) implements Step {}

  final int status;
  final Map<String, String> headers = new LinkedHashMap<>();
  final List<Step> steps = new ArrayList<>();
  String errorBody = "";
  Duration beforeHeaders = Duration.ZERO;

  private Script(int status) {
    this.status = status;
  }

  /** A 200 event stream, empty so far. */
  public static Script ok() {
    return new Script(200);
  }

  /** A complete streamed answer: role, the pieces, {@code stop}, usage, {@code [DONE]}. */
  public static Script answer(String... pieces) {
    return ok().role().content(pieces).finish("stop").usage(42, pieces.length).done();
  }

  /** One streamed call of the query_knowledge tool with its JSON arguments, nothing else said. */
  public static Script knowledgeCall(String id, String arguments) {
    return ok().role().toolCall(0, id, "query_knowledge", arguments).finish("tool_calls").done();
  }

  /** The content of the {@code index}-th tool message the model was sent in {@code request}. */
  public static String toolMessage(JsonNode request, int index) {
    int seen = 0;
    for (JsonNode m : request.get("messages")) {
      if ("tool".equals(m.get("role").asString()) && seen++ == index) {
        return m.get("content").asString();
      }
    }
    throw new AssertionError("no tool message " + index + " in " + request);
  }

  /** An error status with an OpenAI error body. */
  public static Script status(int status, String message) {
    var script = new Script(status);
    ObjectNode body = JSON.createObjectNode();
    body.putObject("error").put("message", message).put("type", "server_error");
    script.errorBody = body.toString();
    return script;
  }

  public Script header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  /** The opening chunk, as OpenAI sends it: the role and an empty text. */
  public Script role() {
    return chunk(delta().put("role", "assistant").put("content", ""), null);
  }

  /** One chunk per piece of text. */
  public Script content(String... pieces) {
    for (String piece : pieces) {
      chunk(delta().put("content", piece), null);
    }
    return this;
  }

  /** The first delta of a tool call: its id, function name and a first piece of arguments. */
  public Script toolCall(int index, String id, String name, String arguments) {
    ObjectNode call = toolDelta(index).put("id", id).put("type", "function");
    call.putObject("function").put("name", name).put("arguments", arguments);
    return chunk(wrap(call), null);
  }

  /** A later piece of a tool call's arguments. */
  public Script toolArguments(int index, String arguments) {
    ObjectNode call = toolDelta(index);
    call.putObject("function").put("arguments", arguments);
    return chunk(wrap(call), null);
  }

  public Script finish(String reason) {
    return chunk(delta(), reason);
  }

  /** The final chunk {@code stream_options.include_usage} asks for: no choices, the usage. */
  public Script usage(int promptTokens, int completionTokens) {
    ObjectNode chunk =
        JSON.createObjectNode().put("id", "c1").put("object", "chat.completion.chunk");
    chunk.putArray("choices");
    chunk
        .putObject("usage")
        .put("prompt_tokens", promptTokens)
        .put("completion_tokens", completionTokens);
    return raw("data: " + chunk);
  }

  public Script done() {
    return raw("data: [DONE]");
  }

  /** A line written as it is (followed by the blank line that ends an event). */
  public Script raw(String line) {
    steps.add(new Write(line));
    return this;
  }

  /** The server holds back even its status line this long (an overloaded proxy). */
  public Script headersAfter(Duration duration) {
    beforeHeaders = duration;
    return this;
  }

  /**
   * The time between two tokens of a model streaming at its pace: a plain wait, without the probe
   * that follows a {@link #pause}, so {@code n} gaps of 33 ms are 30 tokens a second.
   */
  public Script gap(Duration duration) {
    steps.add(new Gap(duration));
    return this;
  }

  /** The server says nothing for this long. */
  public Script pause(Duration duration) {
    steps.add(new Pause(duration));
    return this;
  }

  private Script chunk(ObjectNode delta, String finishReason) {
    ObjectNode chunk =
        JSON.createObjectNode().put("id", "c1").put("object", "chat.completion.chunk");
    ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
    choice.set("delta", delta);
    if (finishReason == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finishReason);
    }
    return raw("data: " + chunk);
  }

  private static ObjectNode delta() {
    return JSON.createObjectNode();
  }

  private static ObjectNode toolDelta(int index) {
    return JSON.createObjectNode().put("index", index);
  }

  private static ObjectNode wrap(ObjectNode call) {
    ObjectNode delta = delta().putNull("content"); // as OpenAI sends tool-call deltas
    delta.putArray("tool_calls").add(call);
    return delta;
  }
}
