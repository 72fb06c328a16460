package io.streamrag.llm.provider.model;

import java.util.List;

/**
 * One call to a chat model.
 *
 * @param messages the conversation so far, system message first
 * @param tools the functions the model may call; empty for a plain answer
 */
public record ModelRequest(List<ChatMessage> messages, List<ToolSpec> tools) {

  public ModelRequest {
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a model request needs at least one message");
    }
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
  }

  /** A request without tools. */
  public static ModelRequest of(List<ChatMessage> messages) {
    return new ModelRequest(messages, List.of());
  }
}
