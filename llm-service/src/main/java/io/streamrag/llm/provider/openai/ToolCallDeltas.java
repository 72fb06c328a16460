package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.model.ToolCall;
import java.util.List;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Tool calls as they stream: each delta names its call by {@code index}; the first delta of a call
 * carries its id and function name, later ones pieces of its arguments, and deltas of parallel
 * calls may interleave.
 */
final class ToolCallDeltas {

  private final TreeMap<Integer, Builder> calls = new TreeMap<>();

  /** Adds one {@code delta.tool_calls} array. */
  void add(JsonNode deltas) {
    for (JsonNode delta : deltas) {
      int index = delta.path("index").asInt(calls.size());
      Builder call = calls.computeIfAbsent(index, i -> new Builder());
      if (delta.path("id").isString()) {
        call.id = delta.path("id").asString();
      }
      JsonNode function = delta.path("function");
      if (function.path("name").isString()) {
        call.name.append(function.path("name").asString());
      }
      if (function.path("arguments").isString()) {
        call.arguments.append(function.path("arguments").asString());
      }
    }
  }

  boolean isEmpty() {
    return calls.isEmpty();
  }

  /** The calls in order of their index. */
  List<ToolCall> calls() {
    return calls.values().stream()
        .map(b -> new ToolCall(b.id, b.name.toString(), b.arguments.toString()))
        .toList();
  }

  private static final class Builder {
    String id;
    final StringBuilder name = new StringBuilder();
    final StringBuilder arguments = new StringBuilder();
  }
}
