package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.model.ToolCall;
import io.streamrag.llm.provider.model.ToolSpec;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON body of a streamed {@code /chat/completions} request: messages (with tool calls and tool
 * results), tools, and {@code stream_options.include_usage} so the last chunk counts tokens.
 */
final class ChatBody {

  private final JsonMapper json;

  ChatBody(JsonMapper json) {
    this.json = json;
  }

  byte[] of(String model, ModelRequest request) {
    ObjectNode body = json.createObjectNode();
    body.put("model", model);
    body.put("stream", true);
    body.putObject("stream_options").put("include_usage", true);
    ArrayNode messages = body.putArray("messages");
    request.messages().forEach(m -> message(messages.addObject(), m));
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      request.tools().forEach(t -> tool(tools.addObject(), t));
    }
    return json.writeValueAsBytes(body);
  }

  private static void message(ObjectNode node, ChatMessage m) {
    node.put("role", m.role().name().toLowerCase(Locale.ROOT));
    if (m.content() == null) {
      node.putNull("content"); // an assistant message that only calls tools
    } else {
      node.put("content", m.content());
    }
    if (!m.toolCalls().isEmpty()) {
      ArrayNode calls = node.putArray("tool_calls");
      for (ToolCall call : m.toolCalls()) {
        ObjectNode c = calls.addObject();
        c.put("id", call.id());
        c.put("type", "function");
        c.putObject("function").put("name", call.name()).put("arguments", call.arguments());
      }
    }
    if (m.toolCallId() != null) {
      node.put("tool_call_id", m.toolCallId());
    }
  }

  private static void tool(ObjectNode node, ToolSpec spec) {
    node.put("type", "function");
    ObjectNode function = node.putObject("function");
    function.put("name", spec.name());
    function.put("description", spec.description());
    function.set("parameters", spec.parameters());
  }
}
