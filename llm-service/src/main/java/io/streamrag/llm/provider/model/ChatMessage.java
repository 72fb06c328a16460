package io.streamrag.llm.provider.model;

import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation with a model.
 *
 * @param role who speaks
 * @param content the text; {@code null} for an assistant message that only calls tools
 * @param toolCalls the tools an assistant message calls (empty otherwise)
 * @param toolCallId for a {@link Role#TOOL} message: the call it answers
 */
public record ChatMessage(Role role, String content, List<ToolCall> toolCalls, String toolCallId) {

  /** The four roles of the chat-completions protocol. */
  public enum Role {
    SYSTEM,
    USER,
    ASSISTANT,
    TOOL
  }

  public ChatMessage {
    Objects.requireNonNull(role, "role");
    toolCalls = List.copyOf(toolCalls);
    if (role == Role.TOOL && toolCallId == null) {
      throw new IllegalArgumentException("a tool message answers a tool call: give its id");
    }
  }

  public static ChatMessage system(String content) {
    return new ChatMessage(Role.SYSTEM, content, List.of(), null);
  }

  public static ChatMessage user(String content) {
    return new ChatMessage(Role.USER, content, List.of(), null);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage(Role.ASSISTANT, content, List.of(), null);
  }

  /** What the model said when it asked for tools, to send back with the tools' results. */
  public static ChatMessage assistant(String content, List<ToolCall> toolCalls) {
    return new ChatMessage(Role.ASSISTANT, content, toolCalls, null);
  }

  /** A tool's result for the call with {@code toolCallId}. */
  public static ChatMessage tool(String toolCallId, String content) {
    return new ChatMessage(Role.TOOL, content, List.of(), toolCallId);
  }
}
